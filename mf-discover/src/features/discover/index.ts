// What other features of mf-discover use of discover's: the like and start-chat rules (spec §4
// "Like", spec §2 "tapping a card starts a new chat"), shared with the character sheet.
export { useLike, useStartChat } from './api';

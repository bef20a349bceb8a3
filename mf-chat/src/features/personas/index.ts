// The personas feature's public surface for the other features (the chat screen's picker).
export { PersonaPicker } from './components/PersonaPicker';
export { usePersonas, useChatPersona, saveChatPersona, chatPersonaPath } from './api';
export { PERSONA_TEXT } from './messages';

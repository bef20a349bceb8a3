// The memory feature's public surface: the chat screen opens the dialog, shows which messages are
// pinned and pins or unpins them from a message's menu.
export { MemoryDialog } from './components/MemoryDialog';
export { pinRefusal, usePinActions, usePins } from './api';

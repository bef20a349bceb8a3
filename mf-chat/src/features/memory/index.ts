// The memory feature's public surface (the chat screen opens the dialog).
export { MemoryDialog } from './components/MemoryDialog';

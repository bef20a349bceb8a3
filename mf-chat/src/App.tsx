import { Route, Routes } from 'react-router-dom';
import { ChatPage } from './features/chat-room/components/ChatPage';
import { LibraryPage } from './features/library/components/LibraryPage';

/** mf-chat owns /library and /chat/:id (spec §2 route table). */
export default function App() {
  return (
    <Routes>
      <Route path="/library" element={<LibraryPage />} />
      <Route path="/chat/:id" element={<ChatPage />} />
      {/* Other paths are other remotes' (the shell mounts them): nothing here, and no router warning. */}
      <Route path="*" element={null} />
    </Routes>
  );
}

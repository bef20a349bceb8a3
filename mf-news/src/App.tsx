import { Route, Routes } from 'react-router-dom';
import { NewsPage } from './pages/NewsPage';

/** mf-news owns /news (spec §2 route table). */
export default function App() {
  return (
    <Routes>
      <Route path="/news" element={<NewsPage />} />
      {/* Other paths are other remotes' (the shell mounts them): nothing here, and no router warning. */}
      <Route path="*" element={null} />
    </Routes>
  );
}

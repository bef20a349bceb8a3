import { Route, Routes } from 'react-router-dom';
import { NewsPage } from './pages/NewsPage';

/** mf-news owns /news (spec §2 route table). */
export default function App() {
  return (
    <Routes>
      <Route path="/news" element={<NewsPage />} />
    </Routes>
  );
}

import { Route, Routes } from 'react-router-dom';
import { CharacterSheet } from './features/character-sheet';
import { DiscoverPage } from './features/discover/components/DiscoverPage';
import { CharacterWizard } from './features/wizard/components/CharacterWizard';

/**
 * mf-discover owns / and the character wizard (spec §2 route table). The wizard's step is a
 * child route, so its draft survives moving between steps.
 */
export default function App() {
  return (
    <Routes>
      <Route path="/" element={<DiscoverPage />} />
      <Route path="/c/:id" element={<CharacterSheet />} />
      <Route path="/create-character" element={<CharacterWizard mode="create" />}>
        <Route index element={null} />
        <Route path=":step" element={null} />
      </Route>
      <Route path="/edit-character/:id" element={<CharacterWizard mode="edit" />}>
        <Route index element={null} />
        <Route path=":step" element={null} />
      </Route>
    </Routes>
  );
}

import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@lakorn/ui';
import { DiscoverPage } from './features/discover/components/DiscoverPage';

// Route-level splitting (ARCHITECTURE §9): `/` loads discover alone; the character sheet and the
// wizard (most of this remote's code) load when their page opens (bench/README.md "lighthouse").
const CharacterSheet = lazy(() => import(/* webpackChunkName: "character-sheet" */ './features/character-sheet').then((m) => ({ default: m.CharacterSheet })));
const CharacterWizard = lazy(() =>
  import(/* webpackChunkName: "wizard" */ './features/wizard/components/CharacterWizard').then((m) => ({ default: m.CharacterWizard })),
);

/**
 * mf-discover owns / and the character wizard (spec §2 route table). The wizard's step is a
 * child route, so its draft survives moving between steps.
 */
export default function App() {
  return (
    <Suspense fallback={<LoadingState />}>
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
        {/* Other paths are other remotes' (the shell mounts them): nothing here, and no router warning. */}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}

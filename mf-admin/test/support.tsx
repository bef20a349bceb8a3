import type { Profile } from '@lakorn/contracts/web';
import { owner, renderWithShell, type SwrCache } from '@lakorn/shell-sdk/testing';
import App from '../src/App';

/**
 * The admin remote at `path` under the shell's providers, as `user` (the owner by default; null:
 * the session is still loading). Pass `cache` to see what a change does to other screens' queries.
 */
export const renderAdmin = (path: string, user: Profile | null = owner, cache?: SwrCache) =>
  renderWithShell(<App />, { path, profile: user ?? 'loading', cache });

import type { Profile } from '@lakorn/contracts/web';
import { owner, renderWithShell, type Answer, type Routes, type SwrCache } from '@lakorn/shell-sdk/testing';
import App from '../src/App';

/**
 * The admin remote at `path` under the shell's providers, as `user` (the owner by default; null:
 * the session is still loading). Pass `cache` to see what a change does to other screens' queries.
 */
export const renderAdmin = (path: string, user: Profile | null = owner, cache?: SwrCache) =>
  renderWithShell(<App />, { path, profile: user ?? 'loading', cache });

/**
 * A list the admin deletes from: `list` answers the items still there; each item's `removeRoute`
 * answers `answer` (204 by default, or whatever the test holds back) and then drops the item.
 */
export function listWithDelete<T extends { id: string }>(
  list: string,
  items: T[],
  removeRoute: (id: string) => string,
  answer: () => Answer | Promise<Answer> = () => ({ status: 204 }),
): Routes {
  let listed = [...items];
  const routes: Routes = { [list]: () => ({ body: listed }) };
  for (const { id } of items) {
    routes[removeRoute(id)] = async () => {
      const answered = await answer();
      listed = listed.filter((item) => item.id !== id);
      return answered;
    };
  }
  return routes;
}

import type { ReactNode } from 'react';
import type { Profile } from '@lakorn/contracts/web';
import { member, renderWithShell } from '@lakorn/shell-sdk/testing';
import App from '../src/App';

/** The wallet's tests start from a member holding 1,000 coins. */
export const profile: Profile = { ...member, coins: 1000 };

/**
 * The wallet remote at `path` under the shell's providers, with `children` (a panel the shell
 * places on its own pages) beside it; `user` null: signed out.
 */
export function renderWallet(path: string, options: { user?: Partial<Profile> | null; children?: ReactNode } = {}) {
  const user = options.user === null ? null : { ...profile, ...options.user };
  return renderWithShell(<><App />{options.children}</>, { path, profile: user });
}

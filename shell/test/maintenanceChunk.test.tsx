import { screen } from '@testing-library/react';
import { member, renderWithShell } from '@lakorn/shell-sdk/testing';
import { App } from '../src/App';

// The maintenance notice's code is a chunk of its own, asked for only when the member has not seen
// the notice (spec §2: once per profile): a returning member's start loads and draws nothing for it.

let mockNoticeLoads = 0;
jest.mock('../src/features/maintenance/MaintenanceNotice', () => {
  mockNoticeLoads += 1;
  return { MaintenanceNotice: () => require('react').createElement('p', null, 'ประกาศ') };
});
jest.mock('../src/mf/remotes', () => ({
  remoteManifests: jest.fn(async () => ({})),
  loadRemoteComponent: jest.fn(async () => ({ default: () => require('react').createElement('p', null, 'หน้า') })),
}));

describe('the maintenance notice loads only for a member who has not seen it', () => {
  test('a member who has seen it: the page draws and the notice code is never asked for', async () => {
    renderWithShell(<App />, { path: '/library', profile: { ...member, seenMaintenanceNotice: true } });
    expect(await screen.findByText('หน้า')).toBeInTheDocument();
    expect(screen.queryByText('ประกาศ')).toBeNull();
    expect(mockNoticeLoads).toBe(0);
  });

  test('a member who has not seen it: the notice loads and shows', async () => {
    renderWithShell(<App />, { path: '/library', profile: { ...member, seenMaintenanceNotice: false } });
    expect(await screen.findByText('ประกาศ')).toBeInTheDocument();
    expect(mockNoticeLoads).toBe(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from '../src/features/profile/ProfilePage';
import { admin, member, mockApi, renderWithShell } from '@lakorn/shell-sdk/testing';

jest.mock('../src/mf/remotes', () => ({
  remoteManifests: jest.fn(async () => ({})),
  loadRemoteComponent: jest.fn(async () => ({ default: () => null })),
}));

// The age gate on the profile (catalog README "Moderation and the age gate"): confirm once through
// the statement dialog, withdraw there; the moderation page among the admin links.

describe('age confirmation on the profile', () => {
  test('a member who has not confirmed confirms through the statement dialog; the profile then says confirmed', async () => {
    const api = mockApi({ 'POST /api/users/me/age-confirmation': { body: { ...member, ageConfirmed: true } } });
    renderWithShell(<ProfilePage />, { path: '/profile', profile: member });
    const card = screen.getByRole('region', { name: 'ยืนยันอายุ 18+' });
    expect(within(card).getByText('ยังไม่ได้ยืนยันอายุ')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'ยืนยันอายุ 18+' }));
    const dialog = screen.getByRole('dialog', { name: 'ยืนยันอายุ 18+' });
    expect(within(dialog).getByText('ฉันยืนยันว่าฉันมีอายุ 18 ปีขึ้นไป และต้องการเห็นตัวละครสำหรับผู้ใหญ่ (18+)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ยืนยันว่าอายุ 18 ปีขึ้นไป' }));
    expect(await screen.findByText('ยืนยันอายุแล้ว')).toBeInTheDocument();
    expect(screen.getByText('ยืนยันอายุ 18+ แล้ว')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/me/age-confirmation')[0]?.body).toEqual({ confirmed: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('cancel closes the dialog and stores nothing', async () => {
    const api = mockApi({});
    renderWithShell(<ProfilePage />, { path: '/profile', profile: member });
    await userEvent.click(screen.getByRole('button', { name: 'ยืนยันอายุ 18+' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'ยืนยันอายุ 18+' })).getByRole('button', { name: 'ยกเลิก' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('ยังไม่ได้ยืนยันอายุ')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  test('a member who confirmed can withdraw, which the server stores as confirmed: false', async () => {
    const api = mockApi({ 'POST /api/users/me/age-confirmation': { body: { ...member, ageConfirmed: false } } });
    renderWithShell(<ProfilePage />, { path: '/profile', profile: { ...member, ageConfirmed: true } });
    expect(screen.getByText('ยืนยันอายุแล้ว')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ถอนการยืนยัน' }));
    expect(await screen.findByText('ยังไม่ได้ยืนยันอายุ')).toBeInTheDocument();
    expect(screen.getByText('ถอนการยืนยันอายุแล้ว ตัวละคร 18+ จะไม่แสดงอีก')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/me/age-confirmation')[0]?.body).toEqual({ confirmed: false });
  });

  test('a failure says so in Thai and keeps the state', async () => {
    mockApi({ 'POST /api/users/me/age-confirmation': { status: 400, body: { message: 'bad' } } });
    renderWithShell(<ProfilePage />, { path: '/profile', profile: { ...member, ageConfirmed: true } });
    await userEvent.click(screen.getByRole('button', { name: 'ถอนการยืนยัน' }));
    expect(await screen.findByText('บันทึกการยืนยันอายุไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'ถอนการยืนยัน' })).toBeEnabled());
    expect(screen.getByText('ยืนยันอายุแล้ว')).toBeInTheDocument();
  });
});

test('admins find the moderation page among the admin links', () => {
  renderWithShell(<ProfilePage />, { path: '/profile', profile: admin });
  expect(screen.getByRole('link', { name: /ตรวจสอบรายงานและตัวละคร/ })).toHaveAttribute('href', '/admin/moderation');
});

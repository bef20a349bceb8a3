import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteAccountDialog } from '../src/features/profile/DeleteAccountDialog';
import { EditProfileDialog } from '../src/features/profile/EditProfileDialog';
import { ProfilePage } from '../src/features/profile/ProfilePage';
import { ERROR_CODES, USERNAME_NOT_ALLOWED_MESSAGE } from '@lakorn/contracts/web';
import { admin, member, mockApi, owner, renderWithShell } from '@lakorn/shell-sdk/testing';

jest.mock('../src/mf/remotes', () => ({
  remoteManifests: jest.fn(async () => ({})),
  loadRemoteComponent: jest.fn(async (remote: string, module: string) => ({ default: () => <p>widget {remote} {module}</p> })),
}));

describe('username edit (spec §5, §8)', () => {
  async function submit(value: string) {
    const field = screen.getByLabelText('ชื่อผู้ใช้');
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
    await userEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
  }

  it('requires a username and allows at most 12 characters, before asking the server', async () => {
    const { calls } = mockApi({});
    renderWithShell(<EditProfileDialog open onClose={() => {}} />);
    await submit('');
    expect(screen.getByRole('alert')).toHaveTextContent('กรุณากรอกชื่อผู้ใช้');
    await submit('สมหญิงใจดีมาก');
    expect(screen.getByRole('alert')).toHaveTextContent('ชื่อผู้ใช้ต้องไม่เกิน 12 ตัวอักษร');
    expect(calls).toHaveLength(0);
  });

  it('shows the Thai message when the server says the name is taken', async () => {
    mockApi({ 'PUT /api/users/username': () => ({ status: 409, body: { message: 'Username already taken', code: ERROR_CODES.usernameTaken } }) });
    renderWithShell(<EditProfileDialog open onClose={() => {}} />);
    await submit('Ploy');
    expect(await screen.findByRole('alert')).toHaveTextContent('ชื่อผู้ใช้นี้ถูกใช้งานแล้ว กรุณาเลือกชื่ออื่น');
  });

  it('shows the server\'s Thai text when the name is not allowed (invisible characters, a reserved name)', async () => {
    mockApi({ 'PUT /api/users/username': () => ({ status: 400, body: { message: USERNAME_NOT_ALLOWED_MESSAGE, code: ERROR_CODES.usernameNotAllowed } }) });
    renderWithShell(<EditProfileDialog open onClose={() => {}} />);
    await submit('ทีมละคร');
    expect(await screen.findByRole('alert')).toHaveTextContent(USERNAME_NOT_ALLOWED_MESSAGE);
  });

  it('saves with the uid and shows the email read-only', async () => {
    const { calls } = mockApi({ 'PUT /api/users/username': ({ body }) => ({ status: 200, body: { ...member, username: (body as { username: string }).username } }) });
    const onClose = jest.fn();
    renderWithShell(<EditProfileDialog open onClose={onClose} />);
    expect(screen.getByLabelText('อีเมล')).toHaveAttribute('readonly');
    await submit('Ploy');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ uid: member.uid, username: 'Ploy' });
  });
});

describe('delete-account dialog (spec §4, §5)', () => {
  it('enables the confirm only when the typed text equals the username', async () => {
    renderWithShell(<DeleteAccountDialog open onClose={() => {}} />);
    const confirm = screen.getByRole('button', { name: 'ลบบัญชี' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(`พิมพ์ "${member.username}" เพื่อยืนยัน`), 'มะล');
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(`พิมพ์ "${member.username}" เพื่อยืนยัน`), 'ิ');
    expect(confirm).toBeEnabled();
  });

  it('deletes the account and goes to /login', async () => {
    const { calls } = mockApi({ 'DELETE /api/users/me': () => ({ status: 204 }) });
    renderWithShell(<DeleteAccountDialog open onClose={() => {}} />);
    await userEvent.type(screen.getByRole('textbox'), member.username);
    await userEvent.click(screen.getByRole('button', { name: 'ลบบัญชี' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/users/me']);
  });
});

describe('profile page (spec §2)', () => {
  /** The profile page once its remote widgets are in (they load lazily), so none lands after the test. */
  async function renderProfile(profile = member) {
    const rendered = renderWithShell(<ProfilePage />, { path: '/profile', profile });
    await screen.findByText('widget mf_wallet ./PromoCodePanel');
    return rendered;
  }

  it('shows admin links only to admins, owner-only links only to the owner', async () => {
    const { unmount } = await renderProfile(member);
    expect(screen.queryByRole('link', { name: /จัดการข่าวสาร/ })).toBeNull();
    unmount();
    const r = await renderProfile(admin);
    expect(screen.getByRole('link', { name: /จัดการข่าวสาร/ })).toHaveAttribute('href', '/admin/news');
    expect(screen.queryByRole('link', { name: /โบนัสสมัครสมาชิก/ })).toBeNull();
    r.unmount();
    await renderProfile(owner);
    expect(screen.getByRole('link', { name: /โบนัสสมัครสมาชิก/ })).toHaveAttribute('href', '/admin/registration-bonus');
    expect(screen.getByRole('link', { name: /ตั้งค่าระบบชำระเงิน/ })).toHaveAttribute('href', '/admin/payment-settings');
  });

  it('mounts the wallet widgets on the account tab and the personas panel on its tab', async () => {
    renderWithShell(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByText('widget mf_wallet ./TopUpPanel')).toBeInTheDocument();
    expect(await screen.findByText('widget mf_wallet ./PromoCodePanel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ประวัติการใช้เหรียญ' })).toHaveAttribute('href', '/transactions');
    await userEvent.click(screen.getByRole('tab', { name: 'ตัวตน' }));
    expect(await screen.findByText('widget mf_chat ./PersonasPanel')).toBeInTheDocument();
  });

  it('shows "ไม่สามารถออกจากระบบได้" when logout fails', async () => {
    mockApi({ 'POST /api/auth/logout': () => ({ status: 400, body: { message: 'no' } }) });
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'ออกจากระบบ' }));
    expect(await screen.findByText('ไม่สามารถออกจากระบบได้')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });
});

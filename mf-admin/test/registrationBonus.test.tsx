import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, owner } from '@lakorn/shell-sdk/testing';
import { renderAdmin } from './support';

function server(initial: number | null) {
  let coins = initial;
  const api = mockApi({
    'GET /api/admin/registration-bonus': () => ({ body: coins === null ? null : { coins } }),
    'POST /api/admin/registration-bonus': (call) => {
      coins = (call.body as { coins: number }).coins;
      return { body: { coins } };
    },
  });
  return { api, posts: () => api.callsTo('POST', '/api/admin/registration-bonus').map((c) => c.body) };
}

test('shows a number input (min 0) with the unit COINS, the current value and a hint', async () => {
  server(750);
  renderAdmin('/admin/registration-bonus');
  expect(screen.getByRole('heading', { name: 'Registration Bonus' })).toBeInTheDocument();
  const input = await screen.findByRole('spinbutton', { name: 'Coins for each new member' });
  expect(input).toHaveValue(750);
  expect(input).toHaveAttribute('min', '0');
  // The unit stands right beside the field.
  expect(screen.getByText('COINS')).toBe(input.nextElementSibling);
  expect(screen.getByText(/Current value/)).toHaveTextContent('Current value: 750 COINS');
  expect(screen.getByText(/Every new member receives this many coins/)).toBeInTheDocument();
});

test('the current value falls back to 1000 when none is given', async () => {
  server(null);
  renderAdmin('/admin/registration-bonus');
  expect(await screen.findByRole('spinbutton', { name: 'Coins for each new member' })).toHaveValue(1000);
  expect(screen.getByText(/Current value/)).toHaveTextContent('Current value: 1,000 COINS');
});

test('saves a whole number (0 included) and shows it as the current value', async () => {
  const { posts } = server(1000);
  const user = userEvent.setup();
  renderAdmin('/admin/registration-bonus');
  const input = await screen.findByRole('spinbutton', { name: 'Coins for each new member' });
  await user.clear(input);
  await user.type(input, '2500');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Registration bonus updated')).toBeInTheDocument();
  expect(screen.getByText('New members will receive 2,500 COINS')).toBeInTheDocument();
  // The current value is the re-read setting, which may land after the toast.
  await waitFor(() => expect(screen.getByText(/Current value/)).toHaveTextContent('Current value: 2,500 COINS'));
  await user.clear(input);
  await user.type(input, '0');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByText(/Current value/)).toHaveTextContent('Current value: 0 COINS'));
  expect(posts()).toEqual([
    { userId: owner.uid, coins: 2500 },
    { userId: owner.uid, coins: 0 },
  ]);
});

test.each([['-5'], ['1.5'], ['']])("refuses %p with 'Invalid value' / 'Please enter a positive number only' and sends nothing", async (typed) => {
  const { posts } = server(1000);
  const user = userEvent.setup();
  renderAdmin('/admin/registration-bonus');
  const input = await screen.findByRole('spinbutton', { name: 'Coins for each new member' });
  await user.clear(input);
  if (typed) await user.type(input, typed);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Invalid value');
  expect(toast).toHaveTextContent('Please enter a positive number only');
  expect(posts()).toEqual([]);
});

test('a failed save says the bonus could not be set, with the generic text', async () => {
  mockApi({ 'GET /api/admin/registration-bonus': { body: { coins: 1000 } }, 'POST /api/admin/registration-bonus': { status: 403, body: { message: 'Owner only' } } });
  const user = userEvent.setup();
  renderAdmin('/admin/registration-bonus');
  await screen.findByRole('spinbutton', { name: 'Coins for each new member' });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const toast = await screen.findByTestId('toast');
  expect(toast).toHaveTextContent('Could not set the registration bonus');
  expect(toast).toHaveTextContent('An error occurred, please try again later');
});

test("a failed load says 'Failed to fetch registration bonus setting' with a retry", async () => {
  let fail = true;
  mockApi({ 'GET /api/admin/registration-bonus': () => (fail ? { status: 403, body: { message: 'Admin only' } } : { body: { coins: 40 } }) });
  const user = userEvent.setup();
  renderAdmin('/admin/registration-bonus');
  expect(await screen.findByText('Failed to fetch registration bonus setting')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('spinbutton', { name: 'Coins for each new member' })).toHaveValue(40);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromoCode } from '@lakorn/contracts/web';
import { admin, mockApi } from '@lakorn/shell-sdk/testing';
import { listWithDelete, renderAdmin } from './support';

const codes: PromoCode[] = [
  { id: 'c1', code: 'SONGKRAN25', coins: 500, type: 'limited', maxUses: 10, usedCount: 3, isActive: true, createdAt: '2025-04-10T12:00:00.000Z' },
  { id: 'c2', code: 'WELCOME', coins: 100, type: 'unlimited', maxUses: null, usedCount: 42, isActive: false, createdAt: '2025-01-05T12:00:00.000Z' },
];

/** A wallet keeping the admin's codes (spec §7 admin promo calls). */
function server(initial: PromoCode[] = codes) {
  let list = [...initial];
  const api = mockApi({
    'GET /api/admin/promo-codes': () => ({ body: list }),
    'POST /api/admin/promo-codes': (call) => {
      const body = call.body as { code: string; coins: number; type: 'limited' | 'unlimited'; maxUses: number | null; generateRandom: boolean };
      const created: PromoCode = {
        id: `c${list.length + 1}`,
        code: body.generateRandom || !body.code ? 'RANDOM12' : body.code,
        coins: body.coins,
        type: body.type,
        maxUses: body.type === 'limited' ? body.maxUses : null,
        usedCount: 0,
        isActive: true,
        createdAt: '2025-06-01T12:00:00.000Z',
      };
      list = [created, ...list];
      return { status: 201, body: created };
    },
  });
  return { api, set: (next: PromoCode[]) => (list = next) };
}

const row = (code: string) => screen.getByRole('row', { name: new RegExp(`^${code}\\b`) });

describe('the table', () => {
  test('has the columns code, coins, type, usage, status, created (dd/MM/yyyy) and actions', async () => {
    server();
    renderAdmin('/admin/promo-codes', admin);
    expect(screen.getByRole('heading', { name: 'Promo Codes' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Coins', 'Type', 'Usage', 'Status', 'Created', 'Actions']);
    const first = within(row('SONGKRAN25')).getAllByRole('cell').map((c) => c.textContent);
    expect(first.slice(0, 5)).toEqual(['500', 'Limited', '3 / 10', 'Active', '10/04/2568']);
    const second = within(row('WELCOME')).getAllByRole('cell').map((c) => c.textContent);
    expect(second.slice(0, 5)).toEqual(['100', 'Unlimited', '42 / ∞', 'Inactive', '05/01/2568']);
    // On a phone the table scrolls inside its own labelled region, not the page.
    expect(screen.getByRole('region', { name: 'Promo codes' })).toContainElement(table);
  });

  test("copy puts the code on the clipboard and says 'Copied!'", async () => {
    server();
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await user.click(await screen.findByRole('button', { name: 'Copy SONGKRAN25' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('SONGKRAN25');
  });

  test('the active toggle switches a code off and on again (PUT with isActive and the uid)', async () => {
    const store = new Map(codes.map((c) => [c.id, { ...c }]));
    const api = mockApi({
      'GET /api/admin/promo-codes': () => ({ body: [...store.values()] }),
      'PUT /api/admin/promo-codes/c1': (call) => {
        const c = store.get('c1')!;
        c.isActive = (call.body as { isActive: boolean }).isActive;
        return { body: c };
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    const toggle = await screen.findByRole('switch', { name: 'Active: SONGKRAN25' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(within(row('SONGKRAN25')).getByText('Inactive')).toBeInTheDocument());
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(within(row('SONGKRAN25')).getByText('Active')).toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/admin/promo-codes/c1').map((c) => c.body)).toEqual([
      { userId: admin.uid, isActive: false },
      { userId: admin.uid, isActive: true },
    ]);
  });

  test("a refused toggle goes back and says 'Failed to update promo code: {message}' under 'Error'", async () => {
    mockApi({ 'GET /api/admin/promo-codes': { body: codes }, 'PUT /api/admin/promo-codes/c2': { status: 404, body: { message: 'Promo code not found' } } });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    const toggle = await screen.findByRole('switch', { name: 'Active: WELCOME' });
    await user.click(toggle);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to update promo code: Promo code not found');
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  test("delete asks 'Are you sure you want to delete this code?' and then deletes with ?userId", async () => {
    const api = mockApi(listWithDelete('GET /api/admin/promo-codes', codes, (id) => `DELETE /api/admin/promo-codes/${id}`));
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await user.click(await screen.findByRole('button', { name: 'Delete WELCOME' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this code?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /^WELCOME/ })).toBeNull());
    const call = api.callsTo('DELETE', '/api/admin/promo-codes/c2')[0]!;
    expect(call.url.searchParams.get('userId')).toBe(admin.uid);
  });

  test("a failed delete says 'Failed to delete promo code: {message}'", async () => {
    mockApi({ 'GET /api/admin/promo-codes': { body: codes }, 'DELETE /api/admin/promo-codes/c1': { status: 403, body: { message: 'Admin only' } } });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await user.click(await screen.findByRole('button', { name: 'Delete SONGKRAN25' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to delete promo code: Admin only');
  });

  test('the refresh button loads the list again', async () => {
    const { api, set } = server();
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await screen.findByRole('table');
    set([{ ...codes[0]!, usedCount: 4 }]);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(row('SONGKRAN25')).getByText('4 / 10')).toBeInTheDocument());
    expect(api.callsTo('GET', '/api/admin/promo-codes')[0]!.url.searchParams.get('userId')).toBe(admin.uid);
  });
});

describe('the empty and error states', () => {
  test('an empty list offers a create button', async () => {
    server([]);
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    expect(await screen.findByText('No promo codes yet')).toBeInTheDocument();
    const main = screen.getByRole('main');
    const buttons = within(main).getAllByRole('button', { name: 'Create Code' });
    await user.click(buttons[buttons.length - 1]!);
    expect(screen.getByRole('dialog', { name: 'Create Promo Code' })).toBeInTheDocument();
  });

  test("a failed load says 'cannot load data, try again later' with a retry", async () => {
    let fail = true;
    mockApi({ 'GET /api/admin/promo-codes': () => (fail ? { status: 403, body: { message: 'Admin only' } } : { body: codes }) });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    expect(await screen.findByText('Cannot load data, please try again later')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('the create dialog', () => {
  const open = async (user: ReturnType<typeof userEvent.setup>) => {
    // The header's button (an empty list offers a second one below it).
    await user.click(screen.getAllByRole('button', { name: 'Create Code' })[0]!);
    return screen.getByRole('dialog', { name: 'Create Promo Code' });
  };
  /** An empty list with the create dialog open. */
  const openOnEmpty = async () => {
    const { api } = server([]);
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await screen.findByText('No promo codes yet');
    return { api, user, dialog: await open(user) };
  };

  test('starts from the spec defaults: code empty, coins 100, type unlimited, no max uses (shown only for limited, default 10)', async () => {
    const { user, dialog } = await openOnEmpty();
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveValue('');
    expect(within(dialog).getByRole('spinbutton', { name: 'Coins' })).toHaveValue(100);
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('unlimited');
    expect(within(dialog).getByRole('checkbox', { name: 'Generate a random code' })).not.toBeChecked();
    expect(within(dialog).queryByRole('spinbutton', { name: 'Max uses' })).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'limited');
    expect(within(dialog).getByRole('spinbutton', { name: 'Max uses' })).toHaveValue(10);
  });

  test("'generate random' hides the code input and sends generateRandom with an empty code", async () => {
    const { api, user, dialog } = await openOnEmpty();
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'IGNORED');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Generate a random code' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Code' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Promo code created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/promo-codes')[0]!.body).toEqual({
      code: '',
      coins: 100,
      type: 'unlimited',
      maxUses: null,
      generateRandom: true,
      userId: admin.uid,
    });
    expect(await screen.findByRole('row', { name: /^RANDOM12/ })).toBeInTheDocument();
  });

  test('creates a limited code with its max uses', async () => {
    const { api, user, dialog } = await openOnEmpty();
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'Fest2025');
    const coins = within(dialog).getByRole('spinbutton', { name: 'Coins' });
    await user.clear(coins);
    await user.type(coins, '250');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'limited');
    const maxUses = within(dialog).getByRole('spinbutton', { name: 'Max uses' });
    await user.clear(maxUses);
    await user.type(maxUses, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Promo code created');
    expect(api.callsTo('POST', '/api/admin/promo-codes')[0]!.body).toEqual({
      code: 'Fest2025',
      coins: 250,
      type: 'limited',
      maxUses: 3,
      generateRandom: false,
      userId: admin.uid,
    });
    const cells = within(await screen.findByRole('row', { name: /^Fest2025/ })).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('0 / 3');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test.each([
    ['code with a symbol', { code: 'AB-12' }, 'Code must contain only letters and numbers'],
    ['code too short', { code: 'AB1' }, 'Code must be 4-20 characters'],
    ['coins empty (parsed as 0)', { coins: '' }, 'Coins must be between 1 and 100,000'],
    ['coins above 100000', { coins: '100001' }, 'Coins must be between 1 and 100,000'],
    ['max uses 0 on a limited code', { limited: true, maxUses: '0' }, 'Max uses must be at least 1'],
  ])('refuses a %s without sending', async (_name, input: { code?: string; coins?: string; limited?: boolean; maxUses?: string }, message) => {
    const { api, user, dialog } = await openOnEmpty();
    if (input.code !== undefined) await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), input.code);
    if (input.coins !== undefined) {
      await user.clear(within(dialog).getByRole('spinbutton', { name: 'Coins' }));
      if (input.coins) await user.type(within(dialog).getByRole('spinbutton', { name: 'Coins' }), input.coins);
    }
    if (input.limited) {
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'limited');
      await user.clear(within(dialog).getByRole('spinbutton', { name: 'Max uses' }));
      await user.type(within(dialog).getByRole('spinbutton', { name: 'Max uses' }), input.maxUses ?? '');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('POST', '/api/admin/promo-codes')).toEqual([]);
  });

  test("a refused create says 'Failed to create promo code: {message}' under 'Error' and keeps the dialog", async () => {
    mockApi({
      'GET /api/admin/promo-codes': { body: codes },
      'POST /api/admin/promo-codes': { status: 409, body: { message: 'A promo code with this code already exists', code: 'PROMO_EXISTS' } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/promo-codes', admin);
    await screen.findByRole('table');
    const dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'WELCOME');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to create promo code: A promo code with this code already exists');
    expect(screen.getByRole('dialog', { name: 'Create Promo Code' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PersonasPanel from '../src/features/personas/components/PersonasPanel';
import { member, renderWithShell } from '@lakorn/shell-sdk/testing';
import { mockChatApi, persona } from './support';

// ./PersonasPanel for the profile page (spec §2 personas tab): list, create/edit/delete dialogs,
// §5 all four texts required and at most 5 (create disabled with a tooltip), §8 persona failures.

const renderPanel = () => renderWithShell(<PersonasPanel />, { path: '/profile' });

async function fill(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = within(dialog).getByRole('textbox', { name: label });
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

test('lists the personas with a 30-character personality preview; an empty list says so', async () => {
  mockChatApi({ [`GET /api/personas/user/${member.id}`]: { body: [persona()] } });
  renderPanel();
  expect(await screen.findByText('อาทิตย์')).toBeInTheDocument();
  expect(screen.getByText('ร่าเริง ชอบแกล้งเพื่อน รัก...')).toBeInTheDocument();
});

test('creating needs all four texts; the body carries userId; the list refreshes', async () => {
  let listed = [] as ReturnType<typeof persona>[];
  const api = mockChatApi({
    [`GET /api/personas/user/${member.id}`]: () => ({ body: listed }),
    'POST /api/personas': (call) => {
      listed = [persona({ id: 'new', name: 'จันทร์' })];
      return { status: 201, body: { ...(call.body as object), id: 'new' } };
    },
  });
  const user = userEvent.setup();
  renderPanel();
  expect(await screen.findByText('ยังไม่มีตัวตน')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'สร้างตัวตนใหม่' }));
  const dialog = screen.getByRole('dialog', { name: 'สร้างตัวตนใหม่' });
  const save = within(dialog).getByRole('button', { name: 'บันทึก' });
  await fill(dialog, user, { ชื่อ: 'จันทร์', รูปลักษณ์: 'ผมยาว', บุคลิกภาพ: 'เงียบขรึม' });
  expect(save).toBeDisabled();
  await fill(dialog, user, { ภูมิหลัง: '   ' });
  expect(save).toBeDisabled();
  await fill(dialog, user, { ภูมิหลัง: 'นักเขียน' });
  expect(save).toBeEnabled();
  await user.click(save);
  await waitFor(() => expect(api.callsTo('POST', '/api/personas')).toHaveLength(1));
  expect(api.callsTo('POST', '/api/personas')[0]!.body).toEqual({ name: 'จันทร์', appearance: 'ผมยาว', personality: 'เงียบขรึม', background: 'นักเขียน', userId: member.id });
  expect(await screen.findByText('สร้างตัวตนแล้ว')).toBeInTheDocument();
  expect(await screen.findByText('จันทร์')).toBeInTheDocument();
});

test('at 5 personas create is disabled with a tooltip', async () => {
  mockChatApi({ [`GET /api/personas/user/${member.id}`]: { body: [1, 2, 3, 4, 5].map((n) => persona({ id: `p${n}`, name: `ตัวตน ${n}` })) } });
  renderPanel();
  await screen.findByText('ตัวตน 5');
  const create = screen.getByRole('button', { name: 'สร้างตัวตนใหม่' });
  expect(create).toBeDisabled();
  expect(create.parentElement).toHaveAttribute('title', 'สร้างได้สูงสุด 5 ตัวตน');
  expect(create).toHaveAccessibleDescription('สร้างได้สูงสุด 5 ตัวตน');
});

test('a refused create shows "Failed to create persona" with the server message', async () => {
  mockChatApi({
    [`GET /api/personas/user/${member.id}`]: { body: [] },
    'POST /api/personas': { status: 409, body: { message: 'You can have at most 5 personas', code: 'PERSONA_LIMIT' } },
  });
  const user = userEvent.setup();
  renderPanel();
  await user.click(await screen.findByRole('button', { name: 'สร้างตัวตนใหม่' }));
  const dialog = screen.getByRole('dialog');
  await fill(dialog, user, { ชื่อ: 'ก', รูปลักษณ์: 'ข', บุคลิกภาพ: 'ค', ภูมิหลัง: 'ง' });
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  expect(await screen.findByText('Failed to create persona')).toBeInTheDocument();
  expect(screen.getByText('You can have at most 5 personas')).toBeInTheDocument();
});

test('edit prefills and PUTs; delete confirms and DELETEs; failures name the action', async () => {
  let deleteFails = true;
  const api = mockChatApi({
    [`GET /api/personas/user/${member.id}`]: { body: [persona()] },
    'PUT /api/personas/persona1': { body: persona({ name: 'อาทิตย์ใหม่' }) },
    'DELETE /api/personas/persona1': () => (deleteFails ? { status: 404, body: { message: 'Persona not found' } } : { status: 204 }),
  });
  const user = userEvent.setup();
  renderPanel();
  await user.click(await screen.findByRole('button', { name: 'แก้ไข อาทิตย์' }));
  const dialog = screen.getByRole('dialog', { name: 'แก้ไขตัวตน' });
  expect(within(dialog).getByRole('textbox', { name: 'ชื่อ' })).toHaveValue('อาทิตย์');
  await fill(dialog, user, { ชื่อ: 'อาทิตย์ใหม่' });
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  await waitFor(() => expect(api.callsTo('PUT', '/api/personas/persona1')[0]?.body).toMatchObject({ name: 'อาทิตย์ใหม่', userId: member.id }));

  await user.click(screen.getByRole('button', { name: 'ลบ อาทิตย์' }));
  await user.click(within(screen.getByRole('dialog', { name: 'ลบตัวตนนี้?' })).getByRole('button', { name: 'ลบ' }));
  expect(await screen.findByText('Failed to delete persona')).toBeInTheDocument();
  expect(screen.getByText('Persona not found')).toBeInTheDocument();
  deleteFails = false;
  await user.click(within(screen.getByRole('dialog', { name: 'ลบตัวตนนี้?' })).getByRole('button', { name: 'ลบ' }));
  expect(await screen.findByText('ลบตัวตนแล้ว')).toBeInTheDocument();
  expect(api.callsTo('DELETE', '/api/personas/persona1')).toHaveLength(2);
});

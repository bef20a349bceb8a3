import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { member } from '@lakorn/shell-sdk/testing';
import { chat, message, mockChatApi, renderApp, type Route } from './support';

// spec §2/§4 memory dialog: loads the memory, at most 1000 characters with a remaining counter,
// empty text deletes, no change just closes; §8 memory save failure.

const routes = (memory: Route, extra: Record<string, Route> = {}) => ({
  'GET /api/chats/chat1': { body: chat() },
  'GET /api/messages/chat/chat1': { body: [message()] },
  [`GET /api/personas/user/${member.id}`]: { body: [] },
  'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
  'GET /api/chats/chat1/memory': memory,
  ...extra,
});

async function openMemory(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('สวัสดีค่ะ');
  await user.click(screen.getByRole('button', { name: 'ตัวเลือกแชท' }));
  await user.click(screen.getByRole('menuitem', { name: 'จัดการความทรงจำ' }));
  return screen.findByRole('dialog', { name: 'ความทรงจำของห้องนี้' });
}

test('loads the memory fresh, counts the characters left, and refuses more than 1000', async () => {
  const api = mockChatApi(routes({ body: { memory: 'ชอบกาแฟดำ' } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  const box = await within(dialog).findByRole('textbox', { name: 'สิ่งที่อยากให้ตัวละครจำไว้' });
  expect(box).toHaveValue('ชอบกาแฟดำ');
  expect(api.callsTo('GET', '/api/chats/chat1/memory')[0]!.url.searchParams.get('t')).toMatch(/^\d+$/);
  expect(within(dialog).getByText('เหลือ 991 ตัวอักษร')).toBeInTheDocument();

  await user.clear(box);
  await user.click(box);
  await user.paste('ข'.repeat(1001));
  expect(within(dialog).getByText('เหลือ -1 ตัวอักษร')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeDisabled();
  await user.keyboard('{Backspace}');
  expect(within(dialog).getByText('เหลือ 0 ตัวอักษร')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'บันทึก' })).toBeEnabled();
});

test('no change simply closes; a change is saved; empty text deletes', async () => {
  const api = mockChatApi(
    routes(
      { body: { memory: 'ชอบกาแฟดำ' } },
      { 'POST /api/chats/chat1/memory': { body: { memory: 'x' } }, 'DELETE /api/chats/chat1/memory': { status: 204 } },
    ),
  );
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  let dialog = await openMemory(user);
  await within(dialog).findByRole('textbox');
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.callsTo('POST', '/api/chats/chat1/memory')).toHaveLength(0);
  expect(api.callsTo('DELETE', '/api/chats/chat1/memory')).toHaveLength(0);

  dialog = await openMemory(user);
  const box = await within(dialog).findByRole('textbox');
  await user.type(box, ' และชาเขียว');
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  await waitFor(() => expect(api.callsTo('POST', '/api/chats/chat1/memory')[0]?.body).toEqual({ memory: 'ชอบกาแฟดำ และชาเขียว' }));
  expect(await screen.findByText('บันทึกความทรงจำแล้ว')).toBeInTheDocument();

  dialog = await openMemory(user);
  await user.clear(await within(dialog).findByRole('textbox'));
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  await waitFor(() => expect(api.callsTo('DELETE', '/api/chats/chat1/memory')).toHaveLength(1));
  expect(api.callsTo('POST', '/api/chats/chat1/memory')).toHaveLength(1);
});

test('a failed save shows the spec §8 toast and keeps the dialog open', async () => {
  mockChatApi(routes({ body: { memory: '' } }, { 'POST /api/chats/chat1/memory': { status: 400, body: { message: 'too long' } } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  const dialog = await openMemory(user);
  await user.type(await within(dialog).findByRole('textbox'), 'จำไว้นะ');
  await user.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  expect(await screen.findByText('ไม่สามารถบันทึกความทรงจำได้ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'ความทรงจำของห้องนี้' })).toBeInTheDocument();
});

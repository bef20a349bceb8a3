import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@lakorn/contracts/web';
import { member } from '@lakorn/shell-sdk/testing';
import { chat, message, mockChatApi, renderApp, type Route } from './support';

// The chat screen's thumbs (chat README "Ratings"): on a character's reply only, toggled, shown at
// once and saved with POST …/rating, put back with a Thai toast when the save fails; a reply's
// selected answer shows its own thumb.

const asked = message({ id: 'u1', isUser: true, content: 'สวัสดี' });
const base = (messages: Message[], extra: Record<string, Route> = {}) => ({
  'GET /api/chats/chat1': { body: chat() },
  'GET /api/messages/chat/chat1': { body: messages },
  [`GET /api/personas/user/${member.id}`]: { body: [] },
  'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
  ...extra,
});
const row = (id: string) => screen.getByRole('list', { name: 'ข้อความ' }).querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;
const up = (id: string) => within(row(id)).getByRole('button', { name: 'ถูกใจคำตอบนี้' });
const down = (id: string) => within(row(id)).getByRole('button', { name: 'ไม่ถูกใจคำตอบนี้' });

test('a character reply has thumbs up and down named in Thai; the member\'s own message has none', async () => {
  mockChatApi(base([asked, message({ id: 'r1', content: 'สวัสดีจ้า' })]));
  renderApp('/chat/chat1');
  await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('สวัสดีจ้า');
  expect(up('r1')).toHaveAttribute('aria-pressed', 'false');
  expect(down('r1')).toHaveAttribute('aria-pressed', 'false');
  expect(within(row('u1')).queryByRole('button', { name: 'ถูกใจคำตอบนี้' })).toBeNull();
});

test('a thumb lights at once and is saved; tapping it again clears it (0); the other thumb moves it', async () => {
  const api = mockChatApi(base([asked, message({ id: 'r1', content: 'สวัสดีจ้า' })], { 'POST /api/messages/r1/rating': (call) => ({ body: { value: (call.body as { value: number }).value } }) }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('สวัสดีจ้า');
  await user.click(up('r1'));
  expect(up('r1')).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(api.callsTo('POST', '/api/messages/r1/rating')).toHaveLength(1));
  expect(api.callsTo('POST', '/api/messages/r1/rating')[0]!.body).toEqual({ value: 1 });
  await user.click(down('r1'));
  await waitFor(() => expect(down('r1')).toHaveAttribute('aria-pressed', 'true'));
  expect(up('r1')).toHaveAttribute('aria-pressed', 'false');
  await user.click(down('r1'));
  await waitFor(() => expect(api.callsTo('POST', '/api/messages/r1/rating')).toHaveLength(3));
  expect(api.callsTo('POST', '/api/messages/r1/rating').map((c) => c.body)).toEqual([{ value: 1 }, { value: -1 }, { value: 0 }]);
  expect(down('r1')).toHaveAttribute('aria-pressed', 'false');
});

test('a save that fails puts the thumb back and says so in Thai', async () => {
  let release: () => void = () => {};
  const answered = new Promise<void>((r) => (release = r));
  mockChatApi(base([asked, message({ id: 'r1', content: 'สวัสดีจ้า', rating: -1 })], {
    'POST /api/messages/r1/rating': async () => {
      await answered;
      return { status: 400, body: { message: 'ให้คะแนนได้เฉพาะข้อความของตัวละคร' } };
    },
  }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('สวัสดีจ้า');
  expect(down('r1')).toHaveAttribute('aria-pressed', 'true');
  await user.click(up('r1'));
  // Shown at once, before the server answers.
  expect(up('r1')).toHaveAttribute('aria-pressed', 'true');
  release();
  expect(await screen.findByText('ให้คะแนนไม่สำเร็จ โปรดลองอีกครั้ง')).toBeInTheDocument();
  expect(up('r1')).toHaveAttribute('aria-pressed', 'false');
  expect(down('r1')).toHaveAttribute('aria-pressed', 'true');
});

test('choosing another answer shows that answer\'s own thumb (as the server answers it)', async () => {
  const reply = (extra: Partial<Message>) => message({ id: 'r1', content: 'หนึ่ง', alternatives: ['หนึ่ง', 'สอง'], selected: 0, rating: 1, ...extra });
  mockChatApi(base([asked, reply({})], { 'PUT /api/messages/r1/selected': { body: reply({ content: 'สอง', selected: 1, rating: undefined }) } }));
  const user = userEvent.setup();
  renderApp('/chat/chat1');
  await within(await screen.findByRole('list', { name: 'ข้อความ' })).findByText('หนึ่ง');
  expect(up('r1')).toHaveAttribute('aria-pressed', 'true');
  await user.click(within(row('r1')).getByRole('button', { name: 'คำตอบถัดไป' }));
  await waitFor(() => expect(up('r1')).toHaveAttribute('aria-pressed', 'false'));
  expect(down('r1')).toHaveAttribute('aria-pressed', 'false');
});

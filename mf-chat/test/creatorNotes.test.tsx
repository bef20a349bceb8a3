import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { character as houseCharacter, fixtureOf, member } from '@lakorn/shell-sdk/testing';
import { chat, message, mockChatApi, renderApp, type Route } from './support';

// The character's details in the chat's options (spec §2 chat header: name, genre, description)
// also show a V3 card's Thai creator notes, creator_notes_multilingual.th (beyond the spec).

const character = fixtureOf(houseCharacter({ userId: 'creator', age: '', creatorUsername: 'นักเขียน' }));

const routes = (characterRoute: Route) => ({
  'GET /api/chats/chat1': { body: chat() },
  'GET /api/messages/chat/chat1': { body: [message()] },
  [`GET /api/personas/user/${member.id}`]: { body: [] },
  'GET /api/chats/chat1/persona': { body: { personaId: null, persona: null } },
  'GET /api/characters/char1': characterRoute,
});

async function openDetails() {
  renderApp('/chat/chat1');
  await userEvent.click(await screen.findByRole('button', { name: 'ตัวเลือกแชท' }));
  return screen.getByRole('menu', { name: 'ตัวเลือกแชท' });
}

describe('the creator’s Thai notes in the chat’s character details', () => {
  test('shows creator_notes_multilingual.th under the description, and not another language’s notes', async () => {
    const notes = 'คุยกับดาวเหนือเรื่องดวงดาวได้ทุกคืน\nเธอไม่ชอบให้ใครพูดถึงพายุ';
    mockChatApi(routes({ body: character({ creatorNotesMultilingual: { en: 'Talk to her about stars.', th: notes } }) }));
    const menu = await openDetails();
    const section = await within(menu).findByRole('region', { name: 'หมายเหตุจากผู้สร้าง' });
    expect(within(section).getByRole('heading', { name: 'หมายเหตุจากผู้สร้าง' })).toBeInTheDocument();
    expect(within(section).getByText(/คุยกับดาวเหนือเรื่องดวงดาวได้ทุกคืน/)).toHaveTextContent(notes.replace('\n', ' '), { normalizeWhitespace: true });
    expect(within(menu).getByText('สาวริมทะเล')).toBeInTheDocument();
    expect(within(menu).queryByText('Talk to her about stars.')).toBeNull();
  });

  test('reads the character only when the details are opened', async () => {
    const api = mockChatApi(routes({ body: character({ creatorNotesMultilingual: { th: 'บันทึก' } }) }));
    renderApp('/chat/chat1');
    await screen.findByRole('button', { name: 'ตัวเลือกแชท' });
    expect(api.callsTo('GET', '/api/characters/char1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'ตัวเลือกแชท' }));
    expect(await screen.findByText('บันทึก')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/characters/char1')).toHaveLength(1);
  });

  test.each([
    ['a card without Thai notes', { body: character({ creatorNotesMultilingual: { en: 'English only' } }) }],
    ['blank Thai notes', { body: character({ creatorNotesMultilingual: { th: '   ' } }) }],
    ['a character that cannot be read', { status: 404, body: { message: 'Character not found' } }],
  ])('shows the details as before, with no notes section, for %s', async (_, reply) => {
    const api = mockChatApi(routes(reply));
    const menu = await openDetails();
    await waitFor(() => expect(api.callsTo('GET', '/api/characters/char1').length).toBeGreaterThan(0));
    // Let the answer land (a notes section would show right after it).
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(within(menu).getByText('สาวริมทะเล')).toBeInTheDocument();
    expect(within(menu).queryByRole('region', { name: 'หมายเหตุจากผู้สร้าง' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'จัดการความทรงจำ' })).toBeInTheDocument();
  });
});

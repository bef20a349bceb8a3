import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { characterSummary, currentLocation, member } from '@lakorn/shell-sdk/testing';
import { chatSummary, mockChatApi, renderApp } from './support';

// Creator stats: a character's options in the library lead to its page (/c/{id}), which shows
// the owner its numbers.

test('the options of one\'s character have "สถิติ", which opens the character\'s page /c/{id}', async () => {
  mockChatApi({
    [`GET /api/characters/user/${member.id}`]: { body: [characterSummary({ id: 'char 1', name: 'ดาวเหนือ' })] },
    [`GET /api/chats/user/${member.id}`]: { body: [chatSummary()] },
  });
  const user = userEvent.setup();
  renderApp('/library');
  await user.click(await screen.findByRole('button', { name: 'ตัวเลือกของ ดาวเหนือ' }));
  await user.click(within(screen.getByRole('dialog', { name: 'ดาวเหนือ' })).getByRole('button', { name: 'สถิติ' }));
  expect(currentLocation()).toBe('/c/char%201');
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@lakorn/shell-sdk/testing';
import { renderAt, summary } from './support';

beforeEach(() => {
  sessionStorage.clear();
  // spec §4: the like-status check waits a random 0-1 s; 0 here.
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => jest.restoreAllMocks());

test('a further page that fails to load says so, and the member can try again (failures are never swallowed)', async () => {
  const first = summary({ name: 'หน้าแรก' });
  const second = summary({ name: 'หน้าสอง' });
  let down = true;
  mockApi({
    'GET /api/characters/public': (call) =>
      call.url.searchParams.get('cursor') !== 'next-1'
        ? { body: { characters: [first], nextCursor: 'next-1' } }
        : down
          ? { status: 500, body: { message: 'down' } }
          : { body: { characters: [second], nextCursor: null } },
  });
  renderAt('/');
  await screen.findByRole('article', { name: 'หน้าแรก' });
  await userEvent.click(screen.getByRole('button', { name: 'ดูเพิ่มเติม' }));
  expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('โหลดตัวละครเพิ่มเติมไม่สำเร็จ');
  expect(screen.getAllByRole('article')).toHaveLength(1);

  down = false;
  await userEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
  expect(await screen.findByRole('article', { name: 'หน้าสอง' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

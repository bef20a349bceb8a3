import request from 'supertest';
import { Lorebook } from '@lakorn/contracts';
import type { FakeOpenAI } from './support/fakeOpenAI';
import { chatWith, member, snapshot, startSendStack, type ChatUnderTest, type SendStack, type WalletUnderTest } from './support/harness';

// ARCHITECTURE §7 with a lorebook, through the real send path (FerretDB, RabbitMQ, the real wallet)
// and a fake OpenAI-compatible server that records every prompt: the entries whose keys the
// conversation names are in the prompt the model receives, the others are not.

jest.setTimeout(120_000);

let stack: SendStack;
let llm: FakeOpenAI;
let chat: ChatUnderTest;
let wallet: WalletUnderTest;

beforeAll(async () => {
  stack = await startSendStack('chat_lorebook');
  ({ llm, chat, wallet } = stack);
  llm.behave(() => ({ reply: '*พยักหน้า* เข้าใจแล้ว' }));
});

afterAll(async () => {
  await stack?.close();
});

const lorebook = Lorebook.parse({
  entries: [
    { keys: ['มังกร', 'dragon'], content: 'LORE-DRAGON: มังกรน้ำแข็งไฟรอสต์เฝ้ายอดเขาทางเหนือ', order: 2 },
    { keys: ['ตา'], content: 'LORE-EYES: ดวงตาของราชินีเปลี่ยนสีเมื่อโกรธ', order: 1 },
    { keys: [], content: 'LORE-ALWAYS: อาณาจักรนี้หนาวตลอดปี', constant: true, order: 3 },
  ],
});

async function send(cookie: string, chatId: string, content: string): Promise<string> {
  const before = llm.requests.length;
  const res = await request(chat.server).post('/api/messages').set('Cookie', cookie).send({ chatId, content, isUser: true });
  expect(res.status).toBe(200);
  expect(llm.requests.length).toBe(before + 1);
  return llm.requests.at(-1)!.messages.map((m) => m.content).join('\n');
}

test('a send whose message names a key puts that entry (and the constant ones) in the prompt the model receives; a key inside a longer word does not', async () => {
  const m = member();
  await wallet.credit(m.actor.id, 1_000);
  const room = await chatWith(chat, m.cookie, snapshot({ name: 'เซเลสเทีย', lorebook }));

  const named = await send(m.cookie, room.id, 'เซเลสเทียเคยเห็นมังกรไหม');
  expect(named).toContain('LORE-DRAGON');
  expect(named).toContain('LORE-ALWAYS');
  expect(named).not.toContain('LORE-EYES');
  expect(named.indexOf('LORE-DRAGON')).toBeLessThan(named.indexOf('LORE-ALWAYS'));

  // ตา inside ตาม: not the eyes. The dragon was named 2 messages ago, within the default 4.
  const follow = await send(m.cookie, room.id, 'ตามฉันมาเร็ว');
  expect(follow).not.toContain('LORE-EYES');
  expect(follow).toContain('LORE-DRAGON');

  // Two more sends: the dragon message is now 5 messages back, out of the scan.
  await send(m.cookie, room.id, 'เดินต่อไปอีกนิด');
  const later = await send(m.cookie, room.id, 'ตาของเธอสวยมาก');
  expect(later).toContain('LORE-EYES');
  expect(later).not.toContain('LORE-DRAGON');
  expect(later).toContain('LORE-ALWAYS');
});

test('a copy fetched without the lorebook (as a member the catalog does not show it to) takes it from the event of the same version', async () => {
  const m = member();
  await wallet.credit(m.actor.id, 1_000);
  const { lorebook: _hidden, ...shown } = snapshot({ name: 'อาร์เธอร์', lorebook });
  const room = await chatWith(chat, m.cookie, shown);
  expect(await send(m.cookie, room.id, 'มีมังกรไหม')).not.toContain('LORE-DRAGON');

  await chat.service.characters.applyUpdated({ ...shown, lorebook }, 1);
  expect(await send(m.cookie, room.id, 'มีมังกรไหม')).toContain('LORE-DRAGON');
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ABUSE_MESSAGES, ERROR_CODES, type Character } from '@lakorn/contracts/web';
import { member, mockApi } from '@lakorn/shell-sdk/testing';
import { DRAFT_KEY, EMPTY_DRAFT } from '../src/features/wizard/draft';
import { renderAt } from './support';

jest.mock('../src/features/wizard/cardPicture', () => ({
  // jsdom has no canvas; the drawing itself is checked in the browser journey.
  renderCardPicture: jest.fn(async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })),
}));

beforeEach(() => sessionStorage.clear());

const next = () => userEvent.click(screen.getByRole('button', { name: 'ถัดไป' }));
const title = () => screen.getByRole('heading', { level: 1 });
const where = () => screen.getByTestId('location').textContent;

function character(overrides: Partial<Character> = {}): Character {
  return {
    id: 'ch1',
    userId: member.id,
    name: 'ดาวเหนือ',
    age: '24',
    gender: 'female',
    genre: 'romantic',
    appearance: 'ผมยาวสีดำ',
    personality: 'อ่อนโยน',
    firstMessage: 'สวัสดีค่ะ',
    background: 'หมู่บ้านริมทะเล',
    exampleMessages: '*ยิ้ม*',
    isPublic: true,
    isSpicy: true,
    description: 'สาวน้อยริมทะเล',
    profileUrl: '/character-images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
    cardExtras: '',
    likes: 3,
    creatorUsername: 'มะลิ',
    version: 2,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
}

describe('the character wizard (spec §2 "Character create / edit")', () => {
  test('walks the nine steps with their titles and "step n/9", back above step 1, and submits on step 9 then goes to /library', async () => {
    const api = mockApi({ 'POST /api/characters': { status: 201, body: character() } });
    renderAt('/create-character');
    const titles: string[] = [];
    const record = () => {
      titles.push(title().textContent ?? '');
      expect(screen.getByText(`ขั้นตอน ${titles.length}/9`)).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(titles.length));
    };
    record();
    expect(screen.queryByRole('button', { name: 'ย้อนกลับ' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /ผจญภัย/ }));
    await next();
    expect(where()).toBe('/create-character/2');
    record();
    expect(screen.getByRole('button', { name: 'ย้อนกลับ' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('ชื่อตัวละคร'), 'อัศวินเงา');
    await userEvent.click(screen.getByRole('radio', { name: 'ชาย' }));
    await next();
    record();
    await userEvent.type(screen.getByLabelText('รูปลักษณ์'), 'ชุดเกราะสีดำ');
    await next();
    record();
    await userEvent.type(screen.getByLabelText('บุคลิกภาพ'), 'เงียบขรึม ซื่อสัตย์');
    await next();
    record();
    await userEvent.type(screen.getByLabelText('ข้อความแรก'), 'ท่านมาถึงแล้วหรือ');
    await next();
    record();
    await next(); // background is optional
    record();
    await next(); // example messages are optional
    record();
    await next(); // private by default: no description needed
    record();
    expect(titles).toEqual(['แนวการแชท', 'ข้อมูลตัวละคร', 'รูปลักษณ์', 'บุคลิกภาพ', 'ข้อความแรก', 'ภูมิหลัง', 'ตัวอย่างข้อความ', 'ความเป็นส่วนตัว', 'เสร็จสิ้น']);
    expect(screen.queryByRole('button', { name: 'ถัดไป' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    await waitFor(() => expect(where()).toBe('/library'));
    // What the member did not fill stays as the empty draft has it (private, not spicy, no picture).
    expect(api.callsTo('POST', '/api/characters')[0]?.body).toEqual({
      ...EMPTY_DRAFT,
      userId: member.id,
      name: 'อัศวินเงา',
      gender: 'male',
      genre: 'adventure',
      appearance: 'ชุดเกราะสีดำ',
      personality: 'เงียบขรึม ซื่อสัตย์',
      firstMessage: 'ท่านมาถึงแล้วหรือ',
    });
    expect(await screen.findByText('สร้างตัวละครสำเร็จ')).toBeInTheDocument();
  });

  test('close goes to /library from any step', async () => {
    mockApi({});
    renderAt('/create-character/4');
    expect(title()).toHaveTextContent('บุคลิกภาพ');
    await userEvent.click(screen.getByRole('button', { name: 'ปิด' }));
    expect(where()).toBe('/library');
  });

  test('shows the spicy toggle only for the romantic genre', async () => {
    mockApi({});
    renderAt('/create-character/1');
    expect(screen.getByRole('switch', { name: 'เนื้อหาสำหรับผู้ใหญ่ (สไปซี่)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /มิตรภาพ/ }));
    expect(screen.queryByRole('switch', { name: 'เนื้อหาสำหรับผู้ใหญ่ (สไปซี่)' })).toBeNull();
  });

  test.each([
    ['/create-character/2', 'กรุณากรอกชื่อตัวละคร'],
    ['/create-character/4', 'กรุณากรอกบุคลิกภาพของตัวละคร'],
    ['/create-character/5', 'กรุณากรอกข้อความแรกของตัวละคร'],
  ])('refuses to leave %s while a required field is empty: %s', async (path, toast) => {
    mockApi({});
    renderAt(path);
    await next();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(where()).toBe(path);
  });

  test('step 8: a public character needs a short description (spec §5)', async () => {
    mockApi({});
    renderAt('/create-character/8');
    await userEvent.click(screen.getByRole('switch', { name: 'ตัวละครสาธารณะ' }));
    await next();
    expect(await screen.findByText('กรุณากรอกคำอธิบายสั้นๆ สำหรับตัวละครสาธารณะ')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('คำอธิบายสั้นๆ'), 'นักดาบผู้เงียบขรึม');
    await next();
    expect(where()).toBe('/create-character/9');
  });

  test('refuses text over a limit with a toast, and shows the counter (never cuts it)', async () => {
    mockApi({});
    renderAt('/create-character/3');
    const field = screen.getByLabelText('รูปลักษณ์');
    await userEvent.click(field);
    await userEvent.paste('ก'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await next();
    expect(await screen.findByText('ข้อความยาวเกินไป')).toBeInTheDocument();
    expect(screen.getByText('รูปลักษณ์ต้องไม่เกิน 500 ตัวอักษร')).toBeInTheDocument();
    expect((field as HTMLTextAreaElement).value).toHaveLength(501);
  });

  test('on step 9, a submission with a skipped required field jumps to that step with its toast', async () => {
    const api = mockApi({});
    renderAt('/create-character/9');
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    expect(await screen.findByText('กรุณากรอกชื่อตัวละคร')).toBeInTheDocument();
    expect(where()).toBe('/create-character/2');
    expect(api.callsTo('POST', '/api/characters')).toHaveLength(0);
  });

  test('a failed creation shows the spec toast and stays on step 9', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ name: 'ก', personality: 'ข', firstMessage: 'ค' }));
    mockApi({ 'POST /api/characters': { status: 400, body: { message: 'name: Name is required' } } });
    renderAt('/create-character/9');
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    expect(await screen.findByText('ไม่สามารถสร้างตัวละครได้')).toBeInTheDocument();
    expect(screen.getByText('โปรดลองอีกครั้งในภายหลัง')).toBeInTheDocument();
    expect(where()).toBe('/create-character/9');
  });
});

describe('the member’s allowance of characters (contracts QUOTAS.charactersTotal, beyond the spec)', () => {
  const ready = () => sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ name: 'ก', personality: 'ข', firstMessage: 'ค' }));
  const createButton = () => screen.getByRole('button', { name: 'สร้างตัวละคร' });

  test('step 1 says how many more characters the member may create', async () => {
    mockApi({ 'GET /api/characters/allowance': { body: { max: 50, left: 7 } } });
    renderAt('/create-character');
    expect(await screen.findByText('สร้างได้อีก 7 ตัว')).toBeInTheDocument();
  });

  test('step 9 says it beside the create button, which stays enabled while some are left', async () => {
    ready();
    mockApi({ 'GET /api/characters/allowance': { body: { max: 50, left: 7 } } });
    renderAt('/create-character/9');
    expect(await screen.findByText('สร้างได้อีก 7 ตัว')).toBeInTheDocument();
    expect(createButton()).toBeEnabled();
    expect(createButton()).toHaveAccessibleDescription('สร้างได้อีก 7 ตัว');
  });

  test('with none left the create button is disabled and says why; nothing is sent', async () => {
    ready();
    const api = mockApi({ 'GET /api/characters/allowance': { body: { max: 50, left: 0 } } });
    renderAt('/create-character/9');
    const reason = 'คุณสร้างตัวละครครบ 50 ตัวแล้ว ลบตัวละครเดิมในคลังแชทก่อนจึงจะสร้างใหม่ได้';
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    expect(createButton()).toHaveAccessibleDescription(reason);
    await userEvent.click(createButton());
    expect(api.callsTo('POST', '/api/characters')).toHaveLength(0);
    expect(screen.queryByText('สร้างได้อีก 0 ตัว')).toBeNull();
  });

  test('a 429 at submit shows the server’s Thai reason in the failure toast, once, and then the limit', async () => {
    ready();
    let left = 1;
    const api = mockApi({
      'GET /api/characters/allowance': () => ({ body: { max: 50, left } }),
      'POST /api/characters': () => {
        left = 0; // another tab took the last one
        return { status: 429, body: { message: ABUSE_MESSAGES.characterQuota, code: ERROR_CODES.quota } };
      },
    });
    renderAt('/create-character/9');
    expect(await screen.findByText('สร้างได้อีก 1 ตัว')).toBeInTheDocument();
    await userEvent.click(createButton());
    expect(await screen.findByText('ไม่สามารถสร้างตัวละครได้')).toBeInTheDocument();
    expect(screen.getByText('คุณสร้างตัวละครครบจำนวนสูงสุดแล้ว กรุณาลบตัวละครเดิมก่อนสร้างใหม่')).toBeInTheDocument();
    expect(screen.queryByText('โปรดลองอีกครั้งในภายหลัง')).toBeNull();
    expect(api.callsTo('POST', '/api/characters')).toHaveLength(1);
    expect(where()).toBe('/create-character/9');
    await waitFor(() => expect(createButton()).toBeDisabled());
  });

  test('an allowance that cannot be read shows nothing and the wizard still creates', async () => {
    ready();
    const api = mockApi({ 'GET /api/characters/allowance': { status: 404, body: { message: 'Not found' } }, 'POST /api/characters': { status: 201, body: character() } });
    renderAt('/create-character/9');
    await waitFor(() => expect(api.callsTo('GET', '/api/characters/allowance')).toHaveLength(1));
    expect(screen.queryByText(/สร้างได้อีก/)).toBeNull();
    await userEvent.click(createButton());
    await waitFor(() => expect(where()).toBe('/library'));
  });

  test('edit mode does not ask for the allowance', async () => {
    const api = mockApi({ 'GET /api/characters/ch1': { body: character() } });
    renderAt('/edit-character/ch1/9');
    expect(await screen.findByRole('button', { name: 'บันทึกการแก้ไข' })).toBeEnabled();
    expect(api.callsTo('GET', '/api/characters/allowance')).toHaveLength(0);
  });
});

describe('the image upload (spec §2 JPG/PNG hint, §5 type and size)', () => {
  test('uploads the chosen picture with the uid, previews it, and saves its url with the character', async () => {
    const api = mockApi({ 'POST /api/upload/character-image': { status: 201, body: { url: '/character-images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png' } } });
    renderAt('/create-character/2');
    expect(screen.getByText('รองรับไฟล์ JPG, PNG ขนาดไม่เกิน 5MB')).toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('image-input'), file);
    expect(await screen.findByRole('img', { name: 'ตัวอย่างรูปโปรไฟล์' })).toHaveAttribute('src', '/character-images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png');
    const sent = api.callsTo('POST', '/api/upload/character-image')[0]?.body as FormData;
    expect(sent.get('userId')).toBe('google-1');
    expect((sent.get('image') as File).name).toBe('me.png');
  });

  test('refuses a file over 5 MB before sending it', async () => {
    const api = mockApi({});
    renderAt('/create-character/2');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('image-input'), big);
    expect(await screen.findByText('ไม่สามารถอัปโหลดรูปภาพได้')).toBeInTheDocument();
    expect(screen.getByText('ไฟล์ขนาดใหญ่เกินไป')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/upload/character-image')).toHaveLength(0);
  });

  test("shows the server's refusal after the upload failure title", async () => {
    mockApi({ 'POST /api/upload/character-image': { status: 400, body: { message: 'ไฟล์ไม่ถูกต้อง' } } });
    renderAt('/create-character/2');
    await userEvent.upload(screen.getByTestId('image-input'), new File(['text'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('ไม่สามารถอัปโหลดรูปภาพได้')).toBeInTheDocument();
    expect(screen.getByText('ไฟล์ไม่ถูกต้อง')).toBeInTheDocument();
  });
});

describe('edit mode (/edit-character/{id}/{step})', () => {
  test('prefills from the character, opens at the step in the path, and saves with PUT', async () => {
    const api = mockApi({ 'GET /api/characters/ch1': { body: character() }, 'PUT /api/characters/ch1': { body: character({ personality: 'อ่อนโยนและกล้าหาญ' }) } });
    renderAt('/edit-character/ch1/4');
    const personality = await screen.findByLabelText('บุคลิกภาพ');
    expect(personality).toHaveValue('อ่อนโยน');
    await userEvent.type(personality, 'และกล้าหาญ');
    for (let step = 4; step < 9; step++) await next();
    expect(where()).toBe('/edit-character/ch1/9');
    await userEvent.click(screen.getByRole('button', { name: 'บันทึกการแก้ไข' }));
    await waitFor(() => expect(where()).toBe('/library'));
    expect(api.callsTo('PUT', '/api/characters/ch1')[0]?.body).toMatchObject({ userId: member.id, name: 'ดาวเหนือ', personality: 'อ่อนโยนและกล้าหาญ', isSpicy: true, isPublic: true, profileUrl: character().profileUrl });
  });

  test('a failed update shows the spec toast', async () => {
    mockApi({ 'GET /api/characters/ch1': { body: character() }, 'PUT /api/characters/ch1': { status: 403, body: { message: 'no' } } });
    renderAt('/edit-character/ch1/9');
    await userEvent.click(await screen.findByRole('button', { name: 'บันทึกการแก้ไข' }));
    expect(await screen.findByText('ไม่สามารถแก้ไขตัวละครได้')).toBeInTheDocument();
  });

  test('says so when the character does not exist', async () => {
    mockApi({ 'GET /api/characters/gone': { status: 404, body: { message: 'Character not found' } } });
    renderAt('/edit-character/gone');
    expect(await screen.findByText('ไม่พบตัวละครนี้')).toBeInTheDocument();
  });
});

describe('character cards (beyond the spec)', () => {
  test('imports a card into the draft and lists over-long fields with a way to their step', async () => {
    const api = mockApi({
      'POST /api/upload/character-card': {
        body: {
          draft: { name: 'Mali', age: '', gender: null, genre: 'daily', appearance: '', personality: 'ก'.repeat(1200), firstMessage: 'hello', background: 'florist', exampleMessages: '', isPublic: false, isSpicy: false, description: '', profileUrl: '/character-images/cccccccccccccccccccccccccccccccc.png', cardExtras: '{"scenario":"x"}' },
          overLong: [{ field: 'personality', length: 1200, max: 1000 }],
          notes: ['ฉาก (scenario) ของการ์ดถูกเก็บไว้กับการ์ด แต่ไม่ได้ใช้ในการสนทนา'],
        },
      },
    });
    renderAt('/create-character');
    await userEvent.upload(screen.getByTestId('card-input'), new File(['{}'], 'mali.json', { type: 'application/json' }));
    const notice = await screen.findByRole('region', { name: 'นำเข้าการ์ดแล้ว' });
    expect(screen.getByText('ตรวจดูข้อมูลในแต่ละขั้นตอนก่อนบันทึก')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /ชีวิตประจำวัน/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(notice).getByText('บุคลิกภาพ: 1200/1000 ตัวอักษร')).toBeInTheDocument();
    expect(within(notice).getByText(/ฉาก \(scenario\)/)).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'ไปขั้นตอนที่ 4' }));
    expect(where()).toBe('/create-character/4');
    expect(screen.getByLabelText('บุคลิกภาพ')).toHaveValue('ก'.repeat(1200));
    await next();
    expect(await screen.findByText('บุคลิกภาพต้องไม่เกิน 1000 ตัวอักษร')).toBeInTheDocument();
    expect((api.callsTo('POST', '/api/upload/character-card')[0]?.body as FormData).get('userId')).toBe('google-1');
  });

  test('exports the saved character as JSON and as a PNG card from step 9 in edit mode', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:card';
    });
    URL.revokeObjectURL = jest.fn();
    const api = mockApi({
      'GET /api/characters/ch1': { body: character() },
      'GET /api/characters/ch1/card': { body: { spec: 'chara_card_v2' } },
      'POST /api/upload/character-card/png': new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])),
    });
    renderAt('/edit-character/ch1/9');
    await userEvent.click(await screen.findByRole('button', { name: 'ไฟล์ JSON' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(JSON.parse(await created[0]!.text())).toEqual({ spec: 'chara_card_v2' });
    await userEvent.click(screen.getByRole('button', { name: 'รูป PNG' }));
    await waitFor(() => expect(created).toHaveLength(2));
    const form = api.callsTo('POST', '/api/upload/character-card/png')[0]?.body as FormData;
    expect(form.get('characterId')).toBe('ch1');
    expect(form.get('image')).toBeInstanceOf(Blob);
  });
});

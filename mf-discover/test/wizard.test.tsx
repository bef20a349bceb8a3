import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ABUSE_MESSAGES, ERROR_CODES, type Lorebook, type LorebookEntry } from '@lakorn/contracts/web';
import { character as houseCharacter, fixtureOf, member, mockApi, type Routes } from '@lakorn/shell-sdk/testing';
import { EMPTY_DRAFT, type WizardDraft } from '../src/features/wizard/draft';
import { draftKey, readKeptDraft } from '../src/features/wizard/keptDraft';
import { EMPTY_LOREBOOK, newEntry } from '../src/features/wizard/lorebook';
import { renderAt } from './support';

jest.mock('../src/features/wizard/cardPicture', () => ({
  // jsdom has no canvas; the drawing itself is checked in the browser journey.
  renderCardPicture: jest.fn(async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })),
}));

/**
 * The wizard's API with its allowance read answered (a member far from the limit), so each test
 * mocks only what it is about and no read falls through to the fake server's 404.
 */
const mockWizardApi = (routes: Routes = {}) => mockApi({ 'GET /api/characters/allowance': { body: { max: 50, left: 49 } }, ...routes });

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

/** The member's new-character draft as a reload of the page finds it (kept, and open in this tab). */
function reloadedWith(draft: Partial<WizardDraft>) {
  const key = draftKey(member.id, null);
  localStorage.setItem(key, JSON.stringify({ draft, place: 9, savedAt: Date.now() }));
  sessionStorage.setItem(`${key}.open`, '1');
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'ถัดไป' }));
const title = () => screen.getByRole('heading', { level: 1 });
const where = () => screen.getByTestId('location').textContent;

const character = fixtureOf(
  houseCharacter({
    id: 'ch1',
    appearance: 'ผมยาวสีดำ',
    background: 'หมู่บ้านริมทะเล',
    exampleMessages: '*ยิ้ม*',
    isSpicy: true,
    description: 'สาวน้อยริมทะเล',
    profileUrl: '/character-images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
    likes: 3,
    version: 2,
    updatedAt: '2025-01-02T00:00:00.000Z',
  }),
);

/** A lorebook entry as the editor makes a new one, with `overrides`; a book of such entries. */
const entry = (overrides: Partial<LorebookEntry> = {}): LorebookEntry => ({ ...newEntry(), ...overrides });
const book = (entries: LorebookEntry[]): Lorebook => ({ ...EMPTY_LOREBOOK, entries });

describe('the character wizard (spec §2 "Character create / edit")', () => {
  test('walks the nine steps with their titles and "step n/9", back above step 1, and submits on step 9 then goes to /library', async () => {
    const api = mockWizardApi({ 'POST /api/characters': { status: 201, body: character() } });
    renderAt('/create-character');
    await screen.findByText('ขั้นตอน 1/9');
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
    mockWizardApi();
    renderAt('/create-character/4');
    expect(title()).toHaveTextContent('บุคลิกภาพ');
    await userEvent.click(screen.getByRole('button', { name: 'ปิด' }));
    expect(where()).toBe('/library');
  });

  test('shows the spicy toggle only for the romantic genre', async () => {
    mockWizardApi();
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
    mockWizardApi();
    renderAt(path);
    await next();
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(where()).toBe(path);
  });

  test('step 8: a public character needs a short description (spec §5)', async () => {
    mockWizardApi();
    renderAt('/create-character/8');
    await userEvent.click(screen.getByRole('switch', { name: 'ตัวละครสาธารณะ' }));
    await next();
    expect(await screen.findByText('กรุณากรอกคำอธิบายสั้นๆ สำหรับตัวละครสาธารณะ')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('คำอธิบายสั้นๆ'), 'นักดาบผู้เงียบขรึม');
    await next();
    expect(where()).toBe('/create-character/9');
  });

  test('refuses text over a limit with a toast, and shows the counter (never cuts it)', async () => {
    mockWizardApi();
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
    const api = mockWizardApi();
    renderAt('/create-character/9');
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    expect(await screen.findByText('กรุณากรอกชื่อตัวละคร')).toBeInTheDocument();
    expect(where()).toBe('/create-character/2');
    expect(api.callsTo('POST', '/api/characters')).toHaveLength(0);
  });

  test('a failed creation shows the spec toast and stays on step 9', async () => {
    reloadedWith({ name: 'ก', personality: 'ข', firstMessage: 'ค' });
    mockWizardApi({ 'POST /api/characters': { status: 400, body: { message: 'name: Name is required' } } });
    renderAt('/create-character/9');
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    expect(await screen.findByText('ไม่สามารถสร้างตัวละครได้')).toBeInTheDocument();
    expect(screen.getByText('โปรดลองอีกครั้งในภายหลัง')).toBeInTheDocument();
    expect(where()).toBe('/create-character/9');
  });
});

describe('the member’s allowance of characters (contracts QUOTAS.charactersTotal, beyond the spec)', () => {
  const ready = () => reloadedWith({ name: 'ก', personality: 'ข', firstMessage: 'ค' });
  const createButton = () => screen.getByRole('button', { name: 'สร้างตัวละคร' });

  test('step 1 says how many more characters the member may create', async () => {
    mockWizardApi({ 'GET /api/characters/allowance': { body: { max: 50, left: 7 } } });
    renderAt('/create-character');
    expect(await screen.findByText('สร้างได้อีก 7 ตัว')).toBeInTheDocument();
  });

  test('step 9 says it beside the create button, which stays enabled while some are left', async () => {
    ready();
    mockWizardApi({ 'GET /api/characters/allowance': { body: { max: 50, left: 7 } } });
    renderAt('/create-character/9');
    expect(await screen.findByText('สร้างได้อีก 7 ตัว')).toBeInTheDocument();
    expect(createButton()).toBeEnabled();
    expect(createButton()).toHaveAccessibleDescription('สร้างได้อีก 7 ตัว');
  });

  test('with none left the create button is disabled and says why; nothing is sent', async () => {
    ready();
    const api = mockWizardApi({ 'GET /api/characters/allowance': { body: { max: 50, left: 0 } } });
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
    const api = mockWizardApi({
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
    const api = mockWizardApi({ 'GET /api/characters/allowance': { status: 404, body: { message: 'Not found' } }, 'POST /api/characters': { status: 201, body: character() } });
    renderAt('/create-character/9');
    await waitFor(() => expect(api.callsTo('GET', '/api/characters/allowance')).toHaveLength(1));
    expect(screen.queryByText(/สร้างได้อีก/)).toBeNull();
    await userEvent.click(createButton());
    await waitFor(() => expect(where()).toBe('/library'));
  });

  test('edit mode does not ask for the allowance', async () => {
    const api = mockWizardApi({ 'GET /api/characters/ch1': { body: character() } });
    renderAt('/edit-character/ch1/9');
    expect(await screen.findByRole('button', { name: 'บันทึกการแก้ไข' })).toBeEnabled();
    expect(api.callsTo('GET', '/api/characters/allowance')).toHaveLength(0);
  });
});

describe('the image upload (spec §2 JPG/PNG hint, §5 type and size)', () => {
  test('uploads the chosen picture with the uid, previews it, and saves its url with the character', async () => {
    const api = mockWizardApi({ 'POST /api/upload/character-image': { status: 201, body: { url: '/character-images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png' } } });
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
    const api = mockWizardApi();
    renderAt('/create-character/2');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('image-input'), big);
    expect(await screen.findByText('ไม่สามารถอัปโหลดรูปภาพได้')).toBeInTheDocument();
    expect(screen.getByText('ไฟล์ขนาดใหญ่เกินไป')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/upload/character-image')).toHaveLength(0);
  });

  test("shows the server's refusal after the upload failure title", async () => {
    mockWizardApi({ 'POST /api/upload/character-image': { status: 400, body: { message: 'ไฟล์ไม่ถูกต้อง' } } });
    renderAt('/create-character/2');
    await userEvent.upload(screen.getByTestId('image-input'), new File(['text'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('ไม่สามารถอัปโหลดรูปภาพได้')).toBeInTheDocument();
    expect(screen.getByText('ไฟล์ไม่ถูกต้อง')).toBeInTheDocument();
  });
});

describe('edit mode (/edit-character/{id}/{step})', () => {
  test('prefills from the character, opens at the step in the path, and saves with PUT', async () => {
    const api = mockWizardApi({ 'GET /api/characters/ch1': { body: character() }, 'PUT /api/characters/ch1': { body: character({ personality: 'อ่อนโยนและกล้าหาญ' }) } });
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
    mockWizardApi({ 'GET /api/characters/ch1': { body: character() }, 'PUT /api/characters/ch1': { status: 403, body: { message: 'no' } } });
    renderAt('/edit-character/ch1/9');
    await userEvent.click(await screen.findByRole('button', { name: 'บันทึกการแก้ไข' }));
    expect(await screen.findByText('ไม่สามารถแก้ไขตัวละครได้')).toBeInTheDocument();
  });

  test('says so when the character does not exist', async () => {
    mockWizardApi({ 'GET /api/characters/gone': { status: 404, body: { message: 'Character not found' } } });
    renderAt('/edit-character/gone');
    expect(await screen.findByText('ไม่พบตัวละครนี้')).toBeInTheDocument();
  });
});

describe('character cards (beyond the spec)', () => {
  test('imports a card into the draft and lists over-long fields with a way to their step', async () => {
    const api = mockWizardApi({
      'POST /api/upload/character-card': {
        body: {
          draft: { name: 'Mali', age: '', gender: null, genre: 'daily', appearance: '', personality: 'ก'.repeat(1200), firstMessage: 'hello', background: 'florist', exampleMessages: '', isPublic: false, isSpicy: false, description: '', profileUrl: '/character-images/cccccccccccccccccccccccccccccccc.png', cardExtras: '{"scenario":"x"}', alternateGreetings: [], creatorNotesMultilingual: {}, lorebook: EMPTY_LOREBOOK },
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

  test('an imported card’s lorebook lands in the draft, and the notice leads to the lorebook step to check it', async () => {
    const imported = book([entry({ keys: ['เซเลสเทีย'], content: 'ราชินีแห่งดวงดาว', cardExtras: '{"id":1}' })]);
    mockWizardApi({
      'POST /api/upload/character-card': {
        body: {
          draft: { ...EMPTY_DRAFT, name: 'Celestia', personality: 'สง่างาม', firstMessage: 'สวัสดี', gender: null, genre: null, lorebook: imported },
          overLong: [],
          notes: ['สมุดข้อมูล (lorebook) ของการ์ด 1 รายการถูกนำเข้า และจะถูกใส่ในการสนทนาเมื่อคำสำคัญของรายการปรากฏ'],
        },
      },
    });
    renderAt('/create-character');
    await userEvent.upload(screen.getByTestId('card-input'), new File(['{}'], 'celestia.json', { type: 'application/json' }));
    const notice = await screen.findByRole('region', { name: 'นำเข้าการ์ดแล้ว' });
    await userEvent.click(within(notice).getByRole('button', { name: 'ไปที่สมุดข้อมูล' }));
    expect(where()).toBe('/create-character/lorebook');
    expect(screen.getByRole('button', { name: 'แก้ไขรายการที่ 1' })).toHaveTextContent('เซเลสเทีย');
    expect(readKeptDraft(draftKey(member.id, null))?.draft.lorebook).toEqual(imported);
  });

  test('exports the saved character as JSON and as a PNG card from step 9 in edit mode', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:card';
    });
    URL.revokeObjectURL = jest.fn();
    const api = mockWizardApi({
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

describe('the lorebook step (optional, beyond the spec’s nine; limits from contracts LOREBOOK_LIMITS)', () => {
  const ready = (lorebook?: Lorebook) =>
    reloadedWith({ name: 'ก', personality: 'ข', firstMessage: 'ค', ...(lorebook ? { lorebook } : {}) });
  const dialog = () => screen.getByRole('dialog');
  const addKey = async (label: string, key: string) => {
    await userEvent.type(within(dialog()).getByLabelText(label), `${key}{Enter}`);
  };

  test('is skippable: step 9 offers it, it keeps the nine steps’ "step n/9" out of it, and its done button returns to step 9', async () => {
    ready();
    mockWizardApi();
    renderAt('/create-character/9');
    const card = screen.getByRole('region', { name: 'สมุดข้อมูล (ไม่บังคับ)' });
    expect(within(card).getByText('ยังไม่มีข้อมูล เพิ่มความรู้ที่ AI ควรรู้เฉพาะเมื่อถูกพูดถึงได้')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'จัดการสมุดข้อมูล' }));
    expect(where()).toBe('/create-character/lorebook');
    expect(title()).toHaveTextContent('สมุดข้อมูล');
    expect(screen.getByText('ขั้นตอนเสริม (ไม่บังคับ)')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('ยังไม่มีรายการในสมุดข้อมูล')).toBeInTheDocument();
    expect(screen.getByText('0/200 รายการ')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'เสร็จ กลับไปหน้าสรุป' }));
    expect(where()).toBe('/create-character/9');
    expect(screen.getByText('ขั้นตอน 9/9')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ย้อนกลับ' }));
    expect(where()).toBe('/create-character/8');
  });

  test('adds an entry with keys and secondary keys as chips, content, always-on and order, and creates the character with it', async () => {
    ready();
    const api = mockWizardApi({ 'POST /api/characters': { status: 201, body: character() } });
    renderAt('/create-character/lorebook');
    await userEvent.click(screen.getByRole('button', { name: 'เพิ่มรายการ' }));
    expect(within(dialog()).getByRole('heading', { name: 'เพิ่มรายการในสมุดข้อมูล' })).toBeInTheDocument();
    await addKey('คำสำคัญ', 'เซเลสเทีย');
    await userEvent.type(within(dialog()).getByLabelText('คำสำคัญ'), 'ราชินีดวงดาว,');
    await addKey('คำสำคัญรอง (ไม่บังคับ)', 'บัลลังก์');
    const keys = within(dialog()).getByRole('list', { name: 'คำสำคัญที่เพิ่มแล้ว' });
    expect(within(keys).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['เซเลสเทีย', 'ราชินีดวงดาว']);
    await userEvent.type(within(dialog()).getByLabelText('เนื้อหา'), 'เซเลสเทียคือราชินีแห่งดวงดาว');
    expect(within(dialog()).getByText('28/2000')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('switch', { name: 'ใช้เสมอ' }));
    const order = within(dialog()).getByLabelText('ลำดับ');
    await userEvent.clear(order);
    await userEvent.type(order, '5');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'เสร็จ' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const row = screen.getByRole('button', { name: 'แก้ไขรายการที่ 1' });
    expect(row).toHaveTextContent('เซเลสเทีย, ราชินีดวงดาว');
    expect(row).toHaveTextContent('ใช้เสมอ');
    expect(row).toHaveTextContent('ลำดับ 5');
    expect(screen.getByText('1/200 รายการ')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'เสร็จ กลับไปหน้าสรุป' }));
    expect(screen.getByText('1 รายการ (เปิดใช้ 1)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    await waitFor(() => expect(where()).toBe('/library'));
    expect((api.callsTo('POST', '/api/characters')[0]?.body as { lorebook: Lorebook }).lorebook).toEqual({
      ...EMPTY_LOREBOOK,
      entries: [{ ...newEntry(), keys: ['เซเลสเทีย', 'ราชินีดวงดาว'], secondaryKeys: ['บัลลังก์'], content: 'เซเลสเทียคือราชินีแห่งดวงดาว', constant: true, order: 5 }],
    });
  });

  test('in edit mode lists the saved entries by order, switches one off, edits one, removes one after a confirm, and saves with PUT', async () => {
    const saved = book([
      entry({ keys: ['ปราสาท'], content: 'ปราสาทลอยฟ้า', order: 20, cardExtras: '{"id":7}' }),
      entry({ keys: ['มังกร'], content: 'มังกรเฝ้าประตู', order: 10 }),
      entry({ keys: ['แม่น้ำ'], content: 'แม่น้ำสีเงิน', order: 30 }),
    ]);
    const api = mockWizardApi({ 'GET /api/characters/ch1': { body: character({ lorebook: saved }) }, 'PUT /api/characters/ch1': { body: character() } });
    renderAt('/edit-character/ch1/lorebook');
    expect(await screen.findByRole('button', { name: 'แก้ไขรายการที่ 1' })).toHaveTextContent('มังกร');
    expect(screen.getByRole('button', { name: 'แก้ไขรายการที่ 2' })).toHaveTextContent('ปราสาท');

    await userEvent.click(screen.getByRole('switch', { name: 'เปิดใช้รายการที่ 3' }));
    expect(screen.getByRole('button', { name: 'แก้ไขรายการที่ 3' })).toHaveTextContent('ปิดอยู่');

    await userEvent.click(screen.getByRole('button', { name: 'แก้ไขรายการที่ 2' }));
    expect(within(dialog()).getByRole('heading', { name: 'แก้ไขรายการในสมุดข้อมูล' })).toBeInTheDocument();
    await userEvent.type(within(dialog()).getByLabelText('เนื้อหา'), 'เหนือเมฆ');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'ลบคำ ปราสาท' }));
    await addKey('คำสำคัญ', 'ปราสาทเมฆ');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'เสร็จ' }));

    await userEvent.click(screen.getByRole('button', { name: 'แก้ไขรายการที่ 1' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'ลบรายการนี้' }));
    const confirm = screen.getByRole('dialog', { name: 'ลบรายการนี้ออกจากสมุดข้อมูล?' });
    expect(within(confirm).getByText(/รายการ "มังกร" จะถูกลบ/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'ลบ' }));
    expect(await screen.findByText('ลบรายการแล้ว')).toBeInTheDocument();
    expect(screen.queryByText('มังกร')).toBeNull();
    expect(screen.getByText('2/200 รายการ')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'เสร็จ กลับไปหน้าสรุป' }));
    await userEvent.click(screen.getByRole('button', { name: 'บันทึกการแก้ไข' }));
    await waitFor(() => expect(where()).toBe('/library'));
    expect((api.callsTo('PUT', '/api/characters/ch1')[0]?.body as { lorebook: Lorebook }).lorebook.entries).toEqual([
      { ...saved.entries[0], keys: ['ปราสาทเมฆ'], content: 'ปราสาทลอยฟ้าเหนือเมฆ' },
      { ...saved.entries[2], enabled: false },
    ]);
  });

  test('counts content in characters and refuses more than 2000 at the step’s end and at submit, which opens the lorebook step', async () => {
    ready(book([entry({ keys: ['ดาว'], content: 'ก'.repeat(1999) })]));
    const api = mockWizardApi();
    renderAt('/create-character/lorebook');
    await userEvent.click(screen.getByRole('button', { name: 'แก้ไขรายการที่ 1' }));
    const content = within(dialog()).getByLabelText('เนื้อหา');
    await userEvent.type(content, 'ขค');
    expect(within(dialog()).getByText('2001/2000')).toBeInTheDocument();
    expect((content as HTMLTextAreaElement).value).toHaveLength(2001);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'เสร็จ' }));
    expect(screen.getByRole('button', { name: 'แก้ไขรายการที่ 1' })).toHaveTextContent('เนื้อหาต้องไม่เกิน 2000 ตัวอักษร');
    await userEvent.click(screen.getByRole('button', { name: 'เสร็จ กลับไปหน้าสรุป' }));
    expect(await screen.findByText('สมุดข้อมูลยังไม่พร้อมบันทึก')).toBeInTheDocument();
    expect(screen.getByText('รายการที่ 1: เนื้อหาต้องไม่เกิน 2000 ตัวอักษร')).toBeInTheDocument();
    expect(where()).toBe('/create-character/lorebook');

    await userEvent.click(screen.getByRole('button', { name: 'ย้อนกลับ' }));
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    await waitFor(() => expect(where()).toBe('/create-character/lorebook'));
    expect(api.callsTo('POST', '/api/characters')).toHaveLength(0);
  });

  test('holds 200 entries at most (the add button is disabled and says why) and refuses a body past the gateway’s 1 MB, which full Thai entries reach', async () => {
    // 200 × 2 000 Thai characters: within the entry limits, but 3 bytes a character in UTF-8.
    ready(book(Array.from({ length: 200 }, (_, i) => entry({ keys: [`คำ${i}`], content: 'ก'.repeat(2000) }))));
    const api = mockWizardApi();
    renderAt('/create-character/lorebook');
    expect(screen.getByText('200/200 รายการ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เพิ่มรายการ' })).toBeDisabled();
    expect(screen.getByText('สมุดข้อมูลมีได้สูงสุด 200 รายการ ลบรายการเดิมก่อนจึงจะเพิ่มได้')).toBeInTheDocument();
    expect(screen.getByText('ขนาดสมุดข้อมูล 1199/1024 KB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'เสร็จ กลับไปหน้าสรุป' }));
    expect(await screen.findByText(/^ข้อมูลตัวละครรวมสมุดข้อมูลมีขนาด 1[12]\d\d KB เกินขีดจำกัด 1024 KB/)).toBeInTheDocument();
    expect(where()).toBe('/create-character/lorebook');
    expect(api.callsTo('POST', '/api/characters')).toHaveLength(0);
  });

  test('refuses a key over 100 characters and a key already there, and warns under a one-syllable Thai key only', async () => {
    ready();
    mockWizardApi();
    renderAt('/create-character/lorebook');
    await userEvent.click(screen.getByRole('button', { name: 'เพิ่มรายการ' }));
    const warning = /ตา เป็นคำพยางค์เดียว/;
    await addKey('คำสำคัญ', 'เซเลสเทีย');
    expect(within(dialog()).queryByText(warning)).toBeNull();
    await addKey('คำสำคัญ', 'ตา');
    expect(within(dialog()).getByRole('note')).toHaveTextContent('ตา เป็นคำพยางค์เดียว ซึ่งมักเป็นส่วนหนึ่งของคำอื่น (เช่น ตา ใน ตาม)');
    await addKey('คำสำคัญ', 'ตา');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('มีคำนี้อยู่แล้ว');
    await userEvent.clear(within(dialog()).getByLabelText('คำสำคัญ'));
    await userEvent.click(within(dialog()).getByLabelText('คำสำคัญ'));
    await userEvent.paste('ก'.repeat(101));
    await userEvent.keyboard('{Enter}');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('คำสำคัญยาวได้ไม่เกิน 100 ตัวอักษร');
    const keys = within(dialog()).getByRole('list', { name: 'คำสำคัญที่เพิ่มแล้ว' });
    expect(within(keys).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['เซเลสเทีย', 'ตา']);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'ลบคำ ตา' }));
    expect(within(dialog()).queryByText(warning)).toBeNull();
  });

  test('loses no input: a typed key is added when the field is left, and the entry survives a reload of the page', async () => {
    ready();
    mockWizardApi();
    const first = renderAt('/create-character/lorebook');
    await userEvent.click(screen.getByRole('button', { name: 'เพิ่มรายการ' }));
    await userEvent.type(within(dialog()).getByLabelText('คำสำคัญ'), 'ทะเลสาบ');
    await userEvent.click(within(dialog()).getByLabelText('เนื้อหา'));
    await userEvent.keyboard('ทะเลสาบกลางป่า');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'ปิด' }));
    first.unmount();

    renderAt('/create-character/lorebook');
    expect(screen.getByRole('button', { name: 'แก้ไขรายการที่ 1' })).toHaveTextContent('ทะเลสาบ');
    expect(screen.getByText('ทะเลสาบกลางป่า')).toBeInTheDocument();
  });

  test('drops a new entry nothing was typed into, and names an entry that can never fire (an always-on one needs no keys)', async () => {
    ready(book([entry({ content: 'ไม่มีคำสำคัญ' }), entry({ content: 'โลกมีดวงจันทร์สองดวง', constant: true })]));
    mockWizardApi();
    renderAt('/create-character/lorebook');
    expect(screen.getByRole('button', { name: 'แก้ไขรายการที่ 1' })).toHaveTextContent('ยังไม่มีคำสำคัญ รายการนี้จะไม่ถูกใช้จนกว่าจะเพิ่มคำหรือเปิด "ใช้เสมอ"');
    const alwaysOn = screen.getByRole('button', { name: 'แก้ไขรายการที่ 2' });
    expect(alwaysOn).toHaveTextContent('รายการที่ใช้เสมอ');
    expect(alwaysOn).not.toHaveTextContent('ยังไม่มีคำสำคัญ');
    await userEvent.click(screen.getByRole('button', { name: 'เพิ่มรายการ' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'เสร็จ' }));
    expect(screen.getByText('2/200 รายการ')).toBeInTheDocument();
  });

  test('the budget takes whole tokens within 0-8192: a value out of range is flagged and never saved', async () => {
    ready();
    const api = mockWizardApi({ 'POST /api/characters': { status: 201, body: character() } });
    renderAt('/create-character/lorebook');
    const budget = screen.getByLabelText('งบโทเคนรวม');
    expect(budget).toHaveValue('1024');
    await userEvent.clear(budget);
    await userEvent.type(budget, '9000');
    expect(screen.getByText('งบโทเคนรวมต้องอยู่ระหว่าง 0 ถึง 8192')).toBeInTheDocument();
    await userEvent.clear(budget);
    await userEvent.type(budget, '600');
    expect(screen.queryByText('งบโทเคนรวมต้องอยู่ระหว่าง 0 ถึง 8192')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'เสร็จ กลับไปหน้าสรุป' }));
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    await waitFor(() => expect(where()).toBe('/library'));
    expect((api.callsTo('POST', '/api/characters')[0]?.body as { lorebook: Lorebook }).lorebook.budgetTokens).toBe(600);
  });
});

describe('the kept draft (mf-discover README "Drafts": nothing typed is lost by a tap)', () => {
  beforeEach(() => localStorage.clear());
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const close = () => userEvent.click(screen.getByRole('button', { name: 'ปิด' }));
  const choose = (dialogName: string, button: string) => userEvent.click(within(dialog(dialogName)).getByRole('button', { name: button }));

  test('× with typed text asks first (Thai dialog): "ทำต่อ" stays with the text, "เก็บร่างไว้" goes to /library keeping it for this member only', async () => {
    mockWizardApi();
    const first = renderAt('/create-character/2');
    await userEvent.type(screen.getByLabelText('ชื่อตัวละคร'), 'ดาวเหนือ');
    await close();
    expect(dialog('ออกจากการสร้างตัวละคร?')).toHaveTextContent('ยังไม่ได้บันทึกตัวละครนี้');
    expect(where()).toBe('/create-character/2');
    await choose('ออกจากการสร้างตัวละคร?', 'ทำต่อ');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('ชื่อตัวละคร')).toHaveValue('ดาวเหนือ');
    await close();
    await choose('ออกจากการสร้างตัวละคร?', 'เก็บร่างไว้');
    expect(where()).toBe('/library');
    first.unmount();

    // The draft is this member's: another member signed in on the device is not offered it.
    renderAt('/create-character/2', { id: 'someone-else' });
    expect(screen.getByLabelText('ชื่อตัวละคร')).toHaveValue('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('× with nothing typed leaves at once, asking nothing', async () => {
    mockWizardApi();
    renderAt('/create-character/2');
    await close();
    expect(where()).toBe('/library');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('reopened, the wizard offers the kept draft ("ร่างที่บันทึกไว้"): continuing restores it at its step, and saving the character drops it', async () => {
    mockWizardApi({ 'POST /api/characters': { status: 201, body: character() } });
    const first = renderAt('/create-character/2');
    await userEvent.type(screen.getByLabelText('ชื่อตัวละคร'), 'ดาวเหนือ');
    await next();
    await next();
    await userEvent.type(screen.getByLabelText('บุคลิกภาพ'), 'ใจดี');
    await close();
    await choose('ออกจากการสร้างตัวละคร?', 'เก็บร่างไว้');
    first.unmount();

    const second = renderAt('/create-character');
    expect(await screen.findByRole('dialog', { name: 'ร่างที่บันทึกไว้' })).toHaveTextContent('ดาวเหนือ');
    await choose('ร่างที่บันทึกไว้', 'ทำต่อจากร่าง');
    expect(where()).toBe('/create-character/4');
    expect(screen.getByLabelText('บุคลิกภาพ')).toHaveValue('ใจดี');
    await next();
    await userEvent.type(screen.getByLabelText('ข้อความแรก'), 'สวัสดี');
    for (let step = 5; step < 9; step++) await next();
    await userEvent.click(screen.getByRole('button', { name: 'สร้างตัวละคร' }));
    await waitFor(() => expect(where()).toBe('/library'));
    second.unmount();

    renderAt('/create-character/2');
    expect(screen.getByLabelText('ชื่อตัวละคร')).toHaveValue('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('"ทิ้งร่าง" at × throws the draft away: reopened, the wizard starts empty and asks nothing', async () => {
    mockWizardApi();
    const first = renderAt('/create-character/2');
    await userEvent.type(screen.getByLabelText('ชื่อตัวละคร'), 'ดาวเหนือ');
    await close();
    await choose('ออกจากการสร้างตัวละคร?', 'ทิ้งร่าง');
    expect(where()).toBe('/library');
    first.unmount();

    renderAt('/create-character/2');
    expect(screen.getByLabelText('ชื่อตัวละคร')).toHaveValue('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('"เริ่มใหม่" on the kept draft starts empty, and the next opening asks nothing', async () => {
    mockWizardApi();
    const first = renderAt('/create-character/2');
    await userEvent.type(screen.getByLabelText('ชื่อตัวละคร'), 'ดาวเหนือ');
    await close();
    await choose('ออกจากการสร้างตัวละคร?', 'เก็บร่างไว้');
    first.unmount();
    const second = renderAt('/create-character/2');
    await choose('ร่างที่บันทึกไว้', 'เริ่มใหม่');
    expect(screen.getByLabelText('ชื่อตัวละคร')).toHaveValue('');
    second.unmount();
    renderAt('/create-character/2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the edit wizard keeps its changes per member and character: × asks, the same character offers them again, another character does not', async () => {
    mockWizardApi({ 'GET /api/characters/ch1': { body: character() }, 'GET /api/characters/ch2': { body: character({ id: 'ch2', name: 'เพื่อนใหม่' }) } });
    const first = renderAt('/edit-character/ch1/2');
    const name = await screen.findByLabelText('ชื่อตัวละคร');
    await userEvent.clear(name);
    await userEvent.type(name, 'ดาวใต้');
    await close();
    expect(dialog('ออกจากการแก้ไขตัวละคร?')).toHaveTextContent('ยังไม่ได้บันทึกการแก้ไข');
    await choose('ออกจากการแก้ไขตัวละคร?', 'เก็บร่างไว้');
    expect(where()).toBe('/library');
    first.unmount();

    const other = renderAt('/edit-character/ch2/2');
    expect(await screen.findByLabelText('ชื่อตัวละคร')).toHaveValue('เพื่อนใหม่');
    expect(screen.queryByRole('dialog')).toBeNull();
    other.unmount();

    renderAt('/edit-character/ch1');
    expect(await screen.findByRole('dialog', { name: 'ร่างที่บันทึกไว้' })).toHaveTextContent('มีการแก้ไขที่ยังไม่ได้บันทึก “ดาวใต้”');
    await choose('ร่างที่บันทึกไว้', 'ทำต่อจากร่าง');
    expect(where()).toBe('/edit-character/ch1/2');
    expect(screen.getByLabelText('ชื่อตัวละคร')).toHaveValue('ดาวใต้');
  });
});

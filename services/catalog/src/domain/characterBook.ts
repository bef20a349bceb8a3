import { CARD_EXTENSION_KEY, Lorebook, LOREBOOK_LIMITS, lorebookTotalsProblem, type LorebookEntry } from '@lakorn/contracts';

// A card's `character_book` (Character Card V2, kept by V3 with `use_regex` added) ⇄ a Lakorn
// lorebook, pure. Lakorn's fields:
//
//   entries[].keys            ⇄ keys
//   entries[].secondaryKeys   ⇄ secondary_keys while `selective` is true (the spec: ignored otherwise)
//   entries[].content         ⇄ content
//   entries[].enabled         ⇄ enabled
//   entries[].constant        ⇄ constant
//   entries[].order           ⇄ insertion_order (lower comes first)
//   entries[].matchSubstring  ⇄ extensions.lakorn.matchSubstring
//   scanDepth, budgetTokens   ⇄ scan_depth, token_budget
//
// Everything else (an entry's id, name, comment, priority, position, case_sensitive, use_regex,
// other tools' extensions, unknown keys; the book's name, description, recursive_scanning,
// extensions, unknown keys) is kept as JSON text in the entry's or book's `cardExtras` and
// written back on export, so import → export → import gives the same lorebook.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const keysOf = (value: unknown): string[] => strings(value).map((key) => key.trim()).filter((key) => key !== '');
const isEmptyObject = (value: unknown) => isObject(value) && Object.keys(value).length === 0;

function parseObject(text: string): Json {
  if (text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** What an import changed or could not keep, for the wizard's notes (Thai). */
export interface BookImport {
  lorebook: Lorebook;
  notes: string[];
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A card's `character_book` (anything) as a lorebook; an absent or malformed book is an empty one. */
export function lorebookFromCard(raw: unknown): BookImport {
  const notes: string[] = [];
  if (!isObject(raw)) return { lorebook: Lorebook.parse({}), notes };
  const { entries: rawEntries, scan_depth: scanDepth, token_budget: tokenBudget, ...bookRest } = raw;
  const entries: LorebookEntry[] = [];
  let regexEntries = 0;
  let droppedExtras = 0;
  for (const rawEntry of Array.isArray(rawEntries) ? rawEntries : []) {
    if (!isObject(rawEntry)) continue;
    const {
      keys,
      secondary_keys: secondary,
      content,
      enabled,
      constant,
      insertion_order: insertionOrder,
      extensions,
      ...entryRest
    } = rawEntry;
    const selective = rawEntry.selective === true;
    const secondaryKeys = selective ? keysOf(secondary) : [];
    // Secondary keys the card does not use (not selective), or an empty list, stay as they were.
    if (secondary !== undefined && secondaryKeys.length === 0) entryRest.secondary_keys = secondary;
    const { [CARD_EXTENSION_KEY]: lakorn, ...otherExtensions } = isObject(extensions) ? extensions : {};
    if (isObject(extensions) && Object.keys(otherExtensions).length > 0) entryRest.extensions = otherExtensions;
    if (entryRest.use_regex === true) regexEntries += 1;
    let cardExtras = Object.keys(entryRest).length > 0 ? JSON.stringify(entryRest) : '';
    if (cardExtras.length > LOREBOOK_LIMITS.entryCardExtrasMax) {
      cardExtras = '';
      droppedExtras += 1;
    }
    entries.push({
      keys: keysOf(keys),
      secondaryKeys,
      content: typeof content === 'string' ? content : '',
      enabled: enabled !== false,
      constant: constant === true,
      order: typeof insertionOrder === 'number' && Number.isFinite(insertionOrder) ? clamp(Math.round(insertionOrder), -1_000_000, 1_000_000) : LOREBOOK_LIMITS.orderDefault,
      matchSubstring: isObject(lakorn) && lakorn.matchSubstring === true,
      cardExtras,
    });
  }

  if (isEmptyObject(bookRest.extensions)) delete bookRest.extensions;
  let bookExtras = Object.keys(bookRest).length > 0 ? JSON.stringify(bookRest) : '';
  if (bookExtras.length > 32_768) {
    bookExtras = '';
    notes.push('ข้อมูลอื่นของสมุดข้อมูล (lorebook) ใหญ่เกินกว่าจะเก็บได้ จึงไม่ถูกนำเข้า');
  }
  const budget = typeof tokenBudget === 'number' && Number.isFinite(tokenBudget) ? Math.round(tokenBudget) : LOREBOOK_LIMITS.budgetTokensDefault;
  const depth = typeof scanDepth === 'number' && Number.isFinite(scanDepth) ? Math.round(scanDepth) : LOREBOOK_LIMITS.scanDepthDefault;
  const lorebook: Lorebook = {
    entries,
    budgetTokens: clamp(budget, 0, LOREBOOK_LIMITS.budgetTokensMax),
    scanDepth: clamp(depth, 0, LOREBOOK_LIMITS.scanDepthMax),
    cardExtras: bookExtras,
  };

  if (entries.length > 0) notes.push(`สมุดข้อมูล (lorebook) ของการ์ด ${entries.length} รายการถูกนำเข้า และจะถูกใส่ในการสนทนาเมื่อคำสำคัญของรายการปรากฏ`);
  if (lorebook.budgetTokens !== budget) notes.push(`งบโทเคนของสมุดข้อมูลถูกปรับจาก ${budget} เป็น ${lorebook.budgetTokens}`);
  if (lorebook.scanDepth !== depth) notes.push(`ระยะค้นหาของสมุดข้อมูลถูกปรับจาก ${depth} เป็น ${lorebook.scanDepth} ข้อความ`);
  if (entries.length > LOREBOOK_LIMITS.entries) notes.push(`สมุดข้อมูลมี ${entries.length} รายการ เกินกว่าที่เก็บได้ ${LOREBOOK_LIMITS.entries} รายการ กรุณาลบบางรายการก่อนบันทึก`);
  const long = entries.filter((entry) => Array.from(entry.content).length > LOREBOOK_LIMITS.contentMax).length;
  if (long > 0) notes.push(`สมุดข้อมูลมี ${long} รายการที่ยาวเกิน ${LOREBOOK_LIMITS.contentMax} ตัวอักษร กรุณาตัดให้สั้นลงก่อนบันทึก`);
  // Past the per-book totals the save is refused (contracts LorebookWithinTotals): say so now.
  const overTotals = lorebookTotalsProblem(entries);
  if (overTotals) notes.push(`${overTotals} กรุณาลบบางคำก่อนบันทึก`);
  if (regexEntries > 0) notes.push(`สมุดข้อมูลมี ${regexEntries} รายการที่ใช้คำสำคัญแบบ regex ซึ่งจะถูกจับคู่เป็นข้อความธรรมดา`);
  if (droppedExtras > 0) notes.push(`ข้อมูลเพิ่มเติมของ ${droppedExtras} รายการในสมุดข้อมูลใหญ่เกินกว่าจะเก็บได้ จึงไม่ถูกนำเข้า`);
  return { lorebook, notes };
}

/** The card `character_book` of a lorebook; undefined for an empty book that came from no card. */
export function lorebookToCard(lorebook: Lorebook | undefined): Json | undefined {
  if (!lorebook || (lorebook.entries.length === 0 && lorebook.cardExtras === '')) return undefined;
  const bookExtras = parseObject(lorebook.cardExtras);
  return {
    ...bookExtras,
    extensions: isObject(bookExtras.extensions) ? bookExtras.extensions : {},
    scan_depth: lorebook.scanDepth,
    token_budget: lorebook.budgetTokens,
    entries: lorebook.entries.map((entry) => {
      const extras = parseObject(entry.cardExtras);
      const extensions = isObject(extras.extensions) ? { ...extras.extensions } : {};
      if (entry.matchSubstring) extensions[CARD_EXTENSION_KEY] = { matchSubstring: true };
      const card: Json = {
        ...extras,
        keys: entry.keys,
        content: entry.content,
        extensions,
        enabled: entry.enabled,
        insertion_order: entry.order,
        constant: entry.constant,
      };
      if (entry.secondaryKeys.length > 0) {
        card.selective = true;
        card.secondary_keys = entry.secondaryKeys;
      }
      return card;
    }),
  };
}

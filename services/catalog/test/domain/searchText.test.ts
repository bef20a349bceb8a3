import { matches, searchQuery, searchText } from '../../src/domain/searchText';

const text = (name: string, description = '', personality = '') => searchText({ name, description, personality });

describe('search text (spec §5: case-insensitive substring of name, personality or description)', () => {
  it('finds a Thai substring in any of the three fields', () => {
    const t = text('นางฟ้าแห่งสายหมอก', 'ผู้พิทักษ์ป่า', 'อ่อนโยน ใจดี รักธรรมชาติ');
    expect(matches(t, searchQuery('สายหมอก'))).toBe(true);
    expect(matches(t, searchQuery('พิทักษ์'))).toBe(true);
    expect(matches(t, searchQuery('รักธรรม'))).toBe(true);
    expect(matches(t, searchQuery('มังกร'))).toBe(false);
  });

  it('ignores case in Latin letters, mixed with Thai', () => {
    const t = text('Luna ลูน่า', 'Moon Witch');
    expect(matches(t, searchQuery('LUNA ลู'))).toBe(true);
    expect(matches(t, searchQuery('moon w'))).toBe(true);
  });

  it('keeps Thai and ASCII text in a one-byte string (half the memory of the original)', () => {
    const t = text('ดาว', 'star', 'สดใส');
    expect(t.folded).toBe(true);
    expect(Array.from(t.text).every((c) => c.charCodeAt(0) < 0x100)).toBe(true);
  });

  it('does not confuse a folded Thai letter with the Latin-1 letter it is stored as', () => {
    // ษ (U+0E29) is stored as U+00A9, which is also ©.
    const thai = text('ษ', '', '');
    expect(thai.text).toContain('\u00a9');
    expect(matches(thai, searchQuery('©'))).toBe(false);
    const latin = text('© café', '', '');
    expect(latin.folded).toBe(false);
    expect(matches(latin, searchQuery('CAFÉ'))).toBe(true);
    expect(matches(latin, searchQuery('ษ'))).toBe(false);
  });

  it('matches emoji and other scripts on texts that contain them, and never on texts that do not', () => {
    const withEmoji = text('แมว 🐱', '', '');
    expect(matches(withEmoji, searchQuery('🐱'))).toBe(true);
    expect(matches(text('แมว', '', ''), searchQuery('🐱'))).toBe(false);
  });

  it('does not match across the boundary between two fields', () => {
    const t = text('ab', 'cd', '');
    expect(matches(t, searchQuery('bc'))).toBe(false);
  });
});

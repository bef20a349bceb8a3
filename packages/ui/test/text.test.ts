import { nameInitial, thaiClusters, thaiWords, truncateText } from '../src/text';
import { narrationPreview, narrationSegments } from '../src/narration';

// README "Thai text on screen": where Thai may be cut, which letter stands for a name.

const withoutSegmenter = <T>(run: () => T): T => {
  const original = Intl.Segmenter;
  // The fallback path, as on a browser before Intl.Segmenter; modules cache a segmenter once made,
  // so this is checked through a fresh module registry.
  Object.defineProperty(Intl, 'Segmenter', { value: undefined, configurable: true, writable: true });
  try {
    return run();
  } finally {
    Object.defineProperty(Intl, 'Segmenter', { value: original, configurable: true, writable: true });
  }
};

describe('Thai clusters', () => {
  it('keeps a leading vowel with the consonant after it and า, ะ, ำ with the one before', () => {
    expect(thaiClusters('เชฟ')).toEqual(['เช', 'ฟ']);
    expect(thaiClusters('สาว')).toEqual(['สา', 'ว']);
    expect(thaiClusters('น้ำใจ')).toEqual(['น้ำ', 'ใจ']);
    expect(thaiClusters('แม่')).toEqual(['แม่']);
  });

  it('keeps vowel and tone marks on their consonant without Intl.Segmenter too', () => {
    jest.isolateModules(() => {
      withoutSegmenter(() => {
        const fresh = jest.requireActual<typeof import('../src/text')>('../src/text');
        expect(fresh.thaiClusters('เชฟมือใหม่')).toEqual(['เช', 'ฟ', 'มื', 'อ', 'ให', 'ม่']);
        expect(fresh.truncateText('นักสืบสาว เชฟมือใหม่', 11)).toBe('นักสืบสาว...');
      });
    });
  });
});

describe('truncation never cuts inside a Thai cluster or a word that fits', () => {
  it('leaves text within the limit as it is', () => {
    expect(truncateText('นักสืบสาว', 9)).toBe('นักสืบสาว');
  });

  it('cuts at the last word boundary, never after a lone leading vowel', () => {
    // 'นักสืบสาว — เชฟ' cut at 13 code points by code point or grapheme ends in 'เ'.
    const cut = truncateText('นักสืบสาว — เชฟมือใหม่', 13);
    expect(cut).toBe('นักสืบสาว —...');
    expect(cut).not.toMatch(/[เแโใไ]\.\.\.$/u);
  });

  it('keeps a loanword the Thai dictionary splits inside whole ("โซเชียลมีเดีย")', () => {
    expect(thaiWords('ทางเพจโซเชียลมีเดียของเรา')).toContain('โซเชียลมีเดีย');
    expect(truncateText('ติดต่อเราทางเพจโซเชียลมีเดียของเรา', 24)).toBe('ติดต่อเราทางเพจ...');
  });

  it('falls back to whole clusters in one long word, with the vowel kept on its consonant', () => {
    const cut = truncateText('สวัสดีครับผมชื่อเชฟ', 17);
    expect(cut.endsWith('...')).toBe(true);
    const kept = cut.slice(0, -3);
    expect('สวัสดีครับผมชื่อเชฟ'.startsWith(kept)).toBe(true);
    expect(Array.from(kept).length).toBeLessThanOrEqual(17);
    expect(kept).not.toMatch(/[เแโใไ]$/u);
    expect(thaiClusters('สวัสดีครับผมชื่อเชฟ').join('').startsWith(kept)).toBe(true);
  });

  it('cuts English at a space', () => {
    expect(truncateText('A detective who loves the rain', 14)).toBe('A detective...');
  });
});

describe('avatar initials', () => {
  it('take the first consonant, past leading vowels and marks', () => {
    expect(nameInitial('เชฟมือใหม่')).toBe('ช');
    expect(nameInitial('ไอริน')).toBe('อ');
    expect(nameInitial('โซเฟีย')).toBe('ซ');
    expect(nameInitial('มะลิ')).toBe('ม');
  });

  it('upper-case a Latin name, skip spaces and punctuation, and give ? for no letter', () => {
    expect(nameInitial('  anna')).toBe('A');
    expect(nameInitial('"Zed"')).toBe('Z');
    expect(nameInitial('***')).toBe('?');
    expect(nameInitial('')).toBe('?');
  });
});

describe('narration marks (spec §2)', () => {
  it('splits speech and narration, single or double asterisks', () => {
    expect(narrationSegments('สวัสดี *ยิ้ม* **โบกมือ**')).toEqual([
      { kind: 'speech', text: 'สวัสดี ' },
      { kind: 'narration', text: 'ยิ้ม' },
      { kind: 'speech', text: ' ' },
      { kind: 'narration', text: 'โบกมือ' },
    ]);
  });

  it('never shows an asterisk left open: the rest is narration', () => {
    const segments = narrationSegments('เธอว่า *ยิ้ม');
    expect(segments).toEqual([
      { kind: 'speech', text: 'เธอว่า ' },
      { kind: 'narration', text: 'ยิ้ม' },
    ]);
    expect(segments.map((s) => s.text).join('')).not.toContain('*');
  });

  it('previews count only the visible letters and cut a narration without showing its marks', () => {
    const preview = narrationPreview('*ยิ้มอย่างอ่อนโยน แล้วเอื้อมมือมาแตะไหล่* วันนี้เหนื่อยไหม', 20);
    const shown = preview.map((s) => s.text).join('');
    expect(shown).not.toContain('*');
    expect(preview[0]!.kind).toBe('narration');
    expect(shown.endsWith('...')).toBe(true);
    expect(Array.from(shown.slice(0, -3)).length).toBeLessThanOrEqual(20);
    expect(narrationPreview('*ยิ้ม* สวัสดี', 50)).toEqual([
      { kind: 'narration', text: 'ยิ้ม' },
      { kind: 'speech', text: ' สวัสดี' },
    ]);
  });
});

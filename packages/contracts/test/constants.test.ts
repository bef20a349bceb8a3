import { characterCount, messageCost, preview, COIN_PACKAGES, DAILY_COIN_DEFAULTS } from '../src';

describe('spec §9 constants', () => {
  it('charges one coin per character, counting Thai combining marks and emoji as code points', () => {
    expect(messageCost('สวัสดี')).toBe(6);
    expect(messageCost('hi 👋')).toBe(4);
    expect(characterCount('')).toBe(0);
  });

  it('cuts previews to n characters and adds an ellipsis only when longer', () => {
    expect(preview('abc', 5)).toBe('abc');
    expect(preview('abcdef', 5)).toBe('abcde...');
  });

  it('cuts Thai previews back to a grapheme boundary so no vowel or tone mark is left without its consonant', () => {
    // น้ำ is one cluster of three code points: two code points cannot hold it, so nothing of it is kept.
    expect(preview('น้ำใจงาม', 2)).toBe('...');
    expect(preview('น้ำใจงาม', 3)).toBe('น้ำ...');
    expect(preview('น้ำใจงาม', 5)).toBe('น้ำใจ...');
    expect(preview('สวัสดีครับ', 5)).toBe('สวัส...');
    expect(preview('กี่โมง', 2)).toBe('...');
    expect(preview('👨‍👩‍👧 ครอบครัว', 4)).toBe('...');
  });

  it('keeps at most n code points before the ellipsis and never separates a mark from its consonant', () => {
    const texts = ['น้ำใจงามมากมาย', 'ที่นี่ไม่มีใครรู้จักเธอเลยสักคน', 'hello สวัสดี 👋🏽 ok', 'ก้ำกึ่ง'];
    for (const text of texts) {
      for (let n = 0; n <= characterCount(text); n++) {
        const cut = preview(text, n);
        const body = cut.endsWith('...') && cut !== text ? cut.slice(0, -3) : cut;
        expect(characterCount(body)).toBeLessThanOrEqual(n);
        expect(text.startsWith(body)).toBe(true);
        // what follows the cut never starts with a mark that belonged to the kept consonant
        expect(text.slice(body.length)).not.toMatch(/^[\p{M}\u0E33]/u);
      }
    }
  });

  it('keeps the coin packages of spec §3', () => {
    expect(Object.values(COIN_PACKAGES).map((p) => [p.coins, p.priceThb])).toEqual([
      [500, 19], [1000, 39], [3000, 89], [10000, 249],
    ]);
  });

  it('defaults daily coins to Sunday 30, Monday-Friday 20, Saturday 30', () => {
    expect(DAILY_COIN_DEFAULTS).toEqual([30, 20, 20, 20, 20, 20, 30]);
  });
});

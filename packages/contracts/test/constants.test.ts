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

  it('keeps the coin packages of spec §3', () => {
    expect(Object.values(COIN_PACKAGES).map((p) => [p.coins, p.priceThb])).toEqual([
      [500, 19], [1000, 39], [3000, 89], [10000, 249],
    ]);
  });

  it('defaults daily coins to Sunday 30, Monday-Friday 20, Saturday 30', () => {
    expect(DAILY_COIN_DEFAULTS).toEqual([30, 20, 20, 20, 20, 20, 30]);
  });
});

import { formatThaiNumber } from '../src/numbers';

const intl = new Intl.NumberFormat('th-TH');

describe('Thai number grouping (coin amounts and counts)', () => {
  it('writes every whole number as Intl.NumberFormat th-TH does, grouped by threes', () => {
    const wholes = [0, 1, 9, 10, 99, 100, 999, 1_000, 1_234, 9_999, 10_000, 12_345, 99_999, 100_000, 123_456, 999_999, 1_000_000, 1_234_567, 2 ** 31, Number.MAX_SAFE_INTEGER];
    // Every length from 1 to 16 digits, spread by a fixed multiplicative hash.
    for (let i = 0; i < 200; i++) wholes.push(Number((BigInt(i + 1) * 2654435761n * 40503n) % 10n ** BigInt(1 + (i % 15))));
    for (const n of [...wholes, ...wholes.map((w) => -w).filter((w) => w !== 0)]) expect(formatThaiNumber(n)).toBe(intl.format(n));
    expect(formatThaiNumber(1234)).toBe('1,234');
    expect(formatThaiNumber(-1234567)).toBe('-1,234,567');
  });

  it('leaves fractions, -0 and numbers beyond exact integers to Intl.NumberFormat th-TH', () => {
    for (const n of [0.5, 1234.5678, -0.25, -0, 1e21, Number.MAX_SAFE_INTEGER + 2, Infinity, Number.NaN]) expect(formatThaiNumber(n)).toBe(intl.format(n));
  });
});

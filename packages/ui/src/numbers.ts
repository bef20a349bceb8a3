// The one number helper of the front end: counts and coin amounts in Thai grouping ("1,234").
//
// Whole numbers (every coin amount and count the product shows) are grouped here rather than by
// Intl.NumberFormat: a page's first Intl object costs Chromium 16–190 ms of main thread (V8 sets
// up its locale data then), and the shell's start made one as this module loaded, the largest
// single piece of the signed-in home's start (bench/README.md "lighthouse"). th-TH writes whole
// numbers in Latin digits grouped by threes with a comma, which is all this does; anything else
// (a fraction, -0, a number too large to be exact) still goes through the Intl formatter, made
// the first time one is asked for.
let thaiNumbers: Intl.NumberFormat | undefined;

/** A count or a coin amount as the product shows it: what `Intl.NumberFormat('th-TH')` writes. */
export function formatThaiNumber(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) {
    thaiNumbers ??= new Intl.NumberFormat('th-TH');
    return thaiNumbers.format(n);
  }
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}

// The one number helper of the front end: counts and coin amounts in Thai grouping ("1,234").
// One Intl.NumberFormat made once: `toLocaleString` builds a formatter on every call, which a
// profile of the signed-in home showed as its costliest function after React (bench/README.md
// "lighthouse").
const THAI_NUMBERS = new Intl.NumberFormat('th-TH');

/** A count or a coin amount as the product shows it. */
export function formatThaiNumber(n: number): string {
  return THAI_NUMBERS.format(n);
}

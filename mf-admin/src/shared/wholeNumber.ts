/** Parses a whole number the way spec §5 asks of numeric inputs: digits only, else NaN. */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

import { CompiledLorebook, keysWithinTotals, type CharacterSnapshot } from '@lakorn/contracts';

// A character version's lorebook compiled for matching (contracts CompiledLorebook): built at the
// version's first send, used by the next ones (chat README "Lorebooks"). Every change to a
// character moves its updatedAt, so the id and updatedAt name a version; what the matcher was
// built from is compared too (a linear check, far cheaper than compiling), so a copy that kept its
// updatedAt through a change is never matched with another version's keys. The latest
// MATCHERS_KEPT versions are kept (a full book's matcher takes a few hundred KB).

export const MATCHERS_KEPT = 64;
const matchers = new Map<string, { source: string; matcher: CompiledLorebook }>();

/** The compiled lorebook of this copy of a character; null when the copy has none. */
export function lorebookMatcherFor(character: CharacterSnapshot): CompiledLorebook | null {
  const book = character.lorebook;
  if (!book || book.entries.length === 0) return null;
  const version = `${character.id}\u0000${character.updatedAt}`;
  const source = JSON.stringify([character.name, book.entries.map((e) => [e.enabled, e.constant, e.matchSubstring, e.keys, e.secondaryKeys])]);
  let kept = matchers.get(version);
  matchers.delete(version);
  if (kept?.source !== source) {
    kept = { source, matcher: new CompiledLorebook(keysWithinTotals(book.entries), [character.name]) };
    if (matchers.size >= MATCHERS_KEPT) matchers.delete(matchers.keys().next().value!);
  }
  matchers.set(version, kept);
  return kept.matcher;
}

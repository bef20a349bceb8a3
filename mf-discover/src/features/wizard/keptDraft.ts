import { EMPTY_DRAFT, type WizardDraft } from './draft';
import { LOREBOOK_STEP } from './lorebook';

// The wizard's kept draft (mf-discover README "Drafts"): what a member typed and has not saved yet,
// kept on the device for that member and that character, so no tap, reload or closed tab loses it.

/** Where the wizard was: a step 1-9 or the lorebook step. */
export type WizardPlace = number | typeof LOREBOOK_STEP;

export interface KeptDraft {
  draft: WizardDraft;
  place: WizardPlace;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
}

/** One draft per member and per wizard: the new character, or the edit of one character. */
export function draftKey(memberId: string, characterId: string | null): string {
  return characterId === null ? `lakorn.wizard.draft.${memberId}.create` : `lakorn.wizard.draft.${memberId}.edit.${characterId}`;
}

/**
 * This tab has the wizard open (sessionStorage, which a reload keeps and a new tab does not): a
 * reload puts the draft back at once; a later opening asks first ("ร่างที่บันทึกไว้").
 */
const openMark = (key: string) => `${key}.open`;

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

export function readKeptDraft(key: string): KeptDraft | null {
  try {
    const raw = storage('localStorage')?.getItem(key);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptDraft>;
    if (!kept.draft || typeof kept.draft !== 'object') return null;
    const place = kept.place === LOREBOOK_STEP || (typeof kept.place === 'number' && Number.isInteger(kept.place)) ? kept.place : 1;
    return { draft: { ...EMPTY_DRAFT, ...kept.draft }, place, savedAt: Number(kept.savedAt) || 0 };
  } catch {
    return null;
  }
}

export function keepDraft(key: string, draft: WizardDraft, place: WizardPlace): void {
  try {
    storage('localStorage')?.setItem(key, JSON.stringify({ draft, place, savedAt: Date.now() } satisfies KeptDraft));
  } catch {
    // A full or refused storage keeps nothing; the wizard still works and still asks before leaving.
  }
}

/** The kept draft is gone (saved, thrown away, or nothing differs from where the wizard started). */
export function forgetDraft(key: string): void {
  try {
    storage('localStorage')?.removeItem(key);
  } catch {
    // Nothing could be kept either.
  }
}

export function isOpenInThisTab(key: string): boolean {
  const tab = storage('sessionStorage');
  return tab !== null && tab.getItem(openMark(key)) !== null;
}

export function markOpen(key: string, open: boolean): void {
  try {
    if (open) storage('sessionStorage')?.setItem(openMark(key), '1');
    else storage('sessionStorage')?.removeItem(openMark(key));
  } catch {
    // Without sessionStorage a reload asks, as a later opening does.
  }
}

/** The same draft field by field (an imported card's keys may come in another order). */
export function sameDraft(a: WizardDraft, b: WizardDraft): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof WizardDraft>);
  return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

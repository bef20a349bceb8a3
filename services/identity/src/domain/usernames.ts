import { LIMITS, RESERVED_USERNAMES } from '@lakorn/contracts';

/** Uniqueness ignores case (and Unicode composition), so "Mali" and "mali" are one name. */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFC').toLowerCase();
}

/**
 * Characters a reader cannot see or that reorder what they see: controls, format characters (Cf:
 * zero-width, bidi controls, soft hyphen), other default-ignorables, private use, unassigned, and
 * line or paragraph separators. A name holding one can pass for another (README "Data and rules").
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** Letters that look like the Latin ones of a reserved name (after NFKC and lower case), as UTS #39's skeleton maps them. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'l', ј: 'j', ѕ: 's', ԁ: 'd', ո: 'n', м: 'rn', т: 't', к: 'k', н: 'h',
  α: 'a', ο: 'o', ε: 'e', ι: 'l', κ: 'k', ν: 'v', ρ: 'p', τ: 't', υ: 'u', ɑ: 'a', ɡ: 'g', ı: 'l',
  '0': 'o', '1': 'l', '!': 'l', '|': 'l', i: 'l', m: 'rn', '5': 's', '$': 's', '@': 'a', '3': 'e',
};

/**
 * What a name reads as: NFKC, lower case, look-alikes folded to one letter, and every character
 * that is not a letter, digit or mark (spaces, dots, dashes) dropped, so "Ａdm1n", "аdmin" and
 * "a.d.m.i.n" all read as "admin". Only compared with the reserved names' own skeletons.
 */
export function usernameSkeleton(username: string): string {
  const folded = Array.from(username.normalize('NFKC').toLowerCase(), (c) => LOOK_ALIKES[c] ?? c).join('');
  return folded.replace(/[^\p{L}\p{N}\p{M}]/gu, '');
}

const RESERVED_SKELETONS = new Set(RESERVED_USERNAMES.map(usernameSkeleton));

/** Why a name may not be taken: it hides characters, or reads as a reserved name; null when it may. */
export function usernameRefusal(username: string): 'invisible' | 'reserved' | null {
  if (INVISIBLE.test(username)) return 'invisible';
  return RESERVED_SKELETONS.has(usernameSkeleton(username)) ? 'reserved' : null;
}

/** The user's Google name cut to the 12-character limit (spec §5), or a neutral fallback; never a reserved name. */
export function defaultUsernameBase(name: string | undefined, email: string): string {
  const cleaned = (name ?? '')
    .normalize('NFC')
    .replace(new RegExp(INVISIBLE.source, 'gu'), '')
    .replace(/\s+/g, '')
    .trim();
  const fromEmail = email.split('@')[0]?.replace(/[^\p{L}\p{N}_]/gu, '') ?? '';
  const base = [cleaned, fromEmail].map((b) => Array.from(b).slice(0, LIMITS.username).join('')).find((b) => b && usernameRefusal(b) === null);
  return base ?? 'user';
}

/** Candidate n for a taken base: the base shortened so base + digits still fit in 12 characters. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = attempt < 5 ? String(attempt + 1) : String(Math.floor(1000 + Math.random() * 9000));
  return Array.from(base).slice(0, LIMITS.username - suffix.length).join('') + suffix;
}

import { LIMITS } from '@lakorn/contracts';

/** Uniqueness ignores case (and Unicode composition), so "Mali" and "mali" are one name. */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFC').toLowerCase();
}

/** The user's Google name cut to the 12-character limit (spec §5), or a neutral fallback. */
export function defaultUsernameBase(name: string | undefined, email: string): string {
  const cleaned = (name ?? '')
    .normalize('NFC')
    .replace(/[\p{C}]/gu, '')
    .replace(/\s+/g, '')
    .trim();
  const fromEmail = email.split('@')[0]?.replace(/[^\p{L}\p{N}_]/gu, '') ?? '';
  const base = cleaned || fromEmail || 'user';
  return Array.from(base).slice(0, LIMITS.username).join('');
}

/** Candidate n for a taken base: the base shortened so base + digits still fit in 12 characters. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = attempt < 5 ? String(attempt + 1) : String(Math.floor(1000 + Math.random() * 9000));
  return Array.from(base).slice(0, LIMITS.username - suffix.length).join('') + suffix;
}

import type { CardImportResult, Character, CharacterAllowance, CharacterInput, UploadResult } from '@lakorn/contracts/web';
import { ApiError, getJson, mutate, useApi } from '@lakorn/shell-sdk';

/** GET /api/characters/{id}: the character to edit. */
export function loadCharacter(id: string): Promise<Character | null> {
  return getJson<Character>(`/api/characters/${encodeURIComponent(id)}`);
}

/**
 * GET /api/characters/allowance (beyond the spec): how many more characters the member may create.
 * Only read when `wanted`; a failure leaves it undefined and the create's 429 is the final word.
 */
export function useCharacterAllowance(wanted: boolean) {
  const { data, mutate: reload } = useApi<CharacterAllowance>(wanted ? '/api/characters/allowance' : null);
  return { allowance: data ?? undefined, reload };
}

/** spec §4: step 9 creates, or updates in edit mode. */
export function saveCharacter(input: CharacterInput, id: string | null): Promise<Character> {
  return id ? mutate<Character>('PUT', `/api/characters/${encodeURIComponent(id)}`, input) : mutate<Character>('POST', '/api/characters', input);
}

/** spec §7: multipart with image, userId and, when editing, characterId; returns url. */
export function uploadImage(file: Blob, fileName: string, userId: string, characterId: string | null): Promise<UploadResult> {
  const form = new FormData();
  form.append('userId', userId);
  if (characterId) form.append('characterId', characterId);
  form.append('image', file, fileName);
  return mutate<UploadResult>('POST', '/api/upload/character-image', form);
}

/** A Character Card V2 file (JSON or PNG) as a draft (beyond the spec). */
export function importCard(file: Blob, fileName: string, userId: string): Promise<CardImportResult> {
  const form = new FormData();
  form.append('userId', userId);
  form.append('card', file, fileName);
  return mutate<CardImportResult>('POST', '/api/upload/character-card', form);
}

async function binary(path: string, init: RequestInit = {}): Promise<Blob> {
  const response = await fetch(path, { credentials: 'include', ...init });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  return response.blob();
}

/** One's saved character as a V2 JSON card. */
export function exportCardJson(id: string): Promise<Blob> {
  return binary(`/api/characters/${encodeURIComponent(id)}/card`);
}

/** One's saved character as a PNG card: the picture drawn here, with the card added by the server. */
export function exportCardPng(id: string, userId: string, picture: Blob): Promise<Blob> {
  const form = new FormData();
  form.append('userId', userId);
  form.append('characterId', id);
  form.append('image', picture, 'card.png');
  return binary('/api/upload/character-card/png', { method: 'POST', body: form });
}

/** Saves a blob as a file through the browser's download. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

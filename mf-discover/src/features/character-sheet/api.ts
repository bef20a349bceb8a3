import { useCallback } from 'react';
import { type Character } from '@lakorn/contracts/web';
import { ApiError, useApi, useToast } from '@lakorn/shell-sdk';
import { SHEET_TEXT } from './messages';

export type SheetState =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'failed'; retry: () => void }
  | { kind: 'ready'; character: Character };

/**
 * The character behind /c/{id}: GET /api/characters/{id}, which answers 404 for whatever the
 * member may not see (someone else's private character, a hidden one, an 18+ one before the age
 * confirmation); that is the sheet's "not found", never a retry.
 */
export function useSheetCharacter(id: string): SheetState {
  const query = useApi<Character>(`/api/characters/${encodeURIComponent(id)}`);
  if (query.isLoading) return { kind: 'loading' };
  const error: unknown = query.error;
  if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400)) return { kind: 'not-found' };
  if (error !== undefined || !query.data) return { kind: 'failed', retry: () => void query.mutate() };
  return { kind: 'ready', character: query.data };
}

/** The address that shows this character's preview (the gateway's /c/{id} share page). */
export const shareUrl = (id: string) => `${window.location.origin}/c/${encodeURIComponent(id)}`;

/**
 * Share: the phone's own share sheet (Web Share API) where there is one, else the link copied
 * with a Thai toast. Closing the share sheet is no failure.
 */
export function useShareCharacter() {
  const { toast } = useToast();
  return useCallback(
    async (character: Pick<Character, 'id' | 'name'>) => {
      const url = shareUrl(character.id);
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: SHEET_TEXT.shareTitle(character.name), text: SHEET_TEXT.shareText(character.name), url });
          return;
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          // A share sheet that failed otherwise: the link can still be copied.
        }
      }
      try {
        await navigator.clipboard.writeText(url);
        toast({ title: SHEET_TEXT.linkCopied, description: SHEET_TEXT.linkCopiedDetail, variant: 'success' });
      } catch {
        toast({ title: SHEET_TEXT.copyFailed, description: url, variant: 'destructive' });
      }
    },
    [toast],
  );
}

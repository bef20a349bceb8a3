import { useCallback, useState } from 'react';
import type { Message, RatingValue } from '@lakorn/contracts/web';
import { useToast } from '@lakorn/shell-sdk';
import { rateMessage } from './api';
import { RATING_TEXT } from './messages';

/** The answer a thumb belongs to: the message and the alternative it shows. */
const keyOf = (m: Message) => `${m.id}:${m.selected ?? 0}`;

/**
 * The member's thumbs on character replies (chat README "Ratings"). A tap shows at once (tapping
 * the lit thumb again clears it) and is saved with POST …/rating; a failed save puts the thumb
 * back with a toast. The saved value goes into the list's message, which carries it from then on.
 */
export function useRatings(replace: (message: Message) => void) {
  const { toast } = useToast();
  const [shown, setShown] = useState<Record<string, RatingValue>>({});

  const ratingOf = useCallback((m: Message): RatingValue => shown[keyOf(m)] ?? m.rating ?? 0, [shown]);

  const forget = useCallback((key: string) => {
    setShown((all) => {
      const { [key]: _gone, ...rest } = all;
      return rest;
    });
  }, []);

  const rate = useCallback(
    async (m: Message, thumb: 1 | -1) => {
      const key = keyOf(m);
      const value: RatingValue = (shown[key] ?? m.rating ?? 0) === thumb ? 0 : thumb;
      setShown((all) => ({ ...all, [key]: value }));
      try {
        const saved = await rateMessage(m.id, value);
        const { rating: _before, ...rest } = m;
        replace(saved.value === 0 ? rest : { ...rest, rating: saved.value });
      } catch {
        toast({ title: RATING_TEXT.failed, variant: 'destructive' });
      } finally {
        forget(key);
      }
    },
    [shown, replace, toast, forget],
  );

  return { ratingOf, rate };
}

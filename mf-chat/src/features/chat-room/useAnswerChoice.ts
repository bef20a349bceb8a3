import { useCallback, useRef, useState } from 'react';
import type { Message } from '@lakorn/contracts/web';
import { useToast } from '@lakorn/shell-sdk';
import { selectAlternative } from './api';
import { CHAT_TEXT } from './messages';

/**
 * Which answer of a reply (or of the greeting) shows: the member's flip shows at once and is saved
 * with PUT …/selected (free), whose answer replaces the message in the list; a failed save puts the
 * server's choice back with a toast. Flips in a row save in order; only the last one's answer counts.
 */
export function useAnswerChoice(replace: (message: Message) => void) {
  const { toast } = useToast();
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const latest = useRef(0);

  const forget = useCallback((id: string) => {
    setChosen((all) => {
      if (!(id in all)) return all;
      const { [id]: _gone, ...rest } = all;
      return rest;
    });
  }, []);

  const indexOf = useCallback((m: Message) => chosen[m.id] ?? m.selected ?? 0, [chosen]);

  const show = useCallback(
    async (m: Message, index: number) => {
      const count = m.alternatives?.length ?? 1;
      if (index < 0 || index >= count) return;
      setChosen((all) => ({ ...all, [m.id]: index }));
      const ticket = ++latest.current;
      try {
        const saved = await selectAlternative(m.id, index);
        if (ticket !== latest.current) return;
        replace(saved);
        forget(m.id);
      } catch {
        if (ticket !== latest.current) return;
        forget(m.id);
        toast({ title: CHAT_TEXT.selectFailed, variant: 'destructive' });
      }
    },
    [replace, forget, toast],
  );

  return { indexOf, show, forget };
}

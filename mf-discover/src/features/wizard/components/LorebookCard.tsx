import type { Lorebook } from '@lakorn/contracts/web';
import { Button, Card, ErrorText, Icon, Muted, SectionTitle } from '@lakorn/ui';
import { lorebookRefusal } from '../lorebook';
import { LOREBOOK_TEXT } from '../messages';

/**
 * Step 9's way into the optional lorebook step: how many entries the book has (and how many are
 * on), or an invitation when it has none; what would stop the save is named here first.
 */
export function LorebookCard({ book, onManage }: { book: Lorebook; onManage: () => void }) {
  const enabled = book.entries.filter((entry) => entry.enabled).length;
  const refusal = lorebookRefusal(book);
  return (
    <Card aria-label={LOREBOOK_TEXT.cardTitle}>
      <SectionTitle>{LOREBOOK_TEXT.cardTitle}</SectionTitle>
      <Muted>{book.entries.length === 0 ? LOREBOOK_TEXT.cardEmpty : LOREBOOK_TEXT.cardCount(book.entries.length, enabled)}</Muted>
      {refusal ? <ErrorText style={{ marginTop: 6 }}>{refusal}</ErrorText> : null}
      <Button $variant="secondary" $block style={{ marginTop: 12 }} onClick={onManage}>
        <Icon name="sparkles" size={16} />
        {LOREBOOK_TEXT.manage}
      </Button>
    </Card>
  );
}

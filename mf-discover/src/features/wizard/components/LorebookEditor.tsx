import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { CHARACTER_BODY_LIMIT_BYTES, LOREBOOK_LIMITS, type Lorebook, type LorebookEntry } from '@lakorn/contracts/web';
import { useToast } from '@lakorn/shell-sdk';
import { Button, Card, ConfirmDialog, Dialog, EmptyState, Icon, Muted, Pill, PlainList, SectionTitle, TextAreaField, TextField, theme, Toggle } from '@lakorn/ui';
import { bodyBytes, entriesInOrder, entryIdle, entryRefusal, isUntouched, newEntry, ORDER_RANGE } from '../lorebook';
import { LOREBOOK_TEXT } from '../messages';
import { KeyChips } from './KeyChips';

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin: 4px 0 10px;
  span { color: ${theme.color.muted}; font-size: ${theme.font.size.sm}; font-variant-numeric: tabular-nums; }
`;

const Row = styled.li<{ $off: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface2};
  border: 1px solid ${theme.color.border};
  opacity: ${(p) => (p.$off ? 0.65 : 1)};
`;

const Open = styled.button`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 0;
  border: none;
  background: none;
  color: ${theme.color.text};
  text-align: left;
  cursor: pointer;
  strong { font-size: ${theme.font.size.md}; overflow-wrap: anywhere; }
  p { margin: 0; color: ${theme.color.muted}; font-size: ${theme.font.size.sm}; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow-wrap: anywhere; }
`;

const Pills = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Problem = styled.span`
  color: ${theme.color.danger};
  font-size: ${theme.font.size.xs};
`;

const Idle = styled.span`
  color: ${theme.color.amber};
  font-size: ${theme.font.size.xs};
`;

const SwitchRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 0;
  border-top: 1px solid ${theme.color.border};
  div { display: flex; flex-direction: column; gap: 2px; }
  strong { font-size: ${theme.font.size.sm}; }
  p { font-size: ${theme.font.size.xs}; }
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
`;

const Size = styled.p<{ $over: boolean }>`
  margin: 0 0 10px;
  text-align: right;
  color: ${(p) => (p.$over ? theme.color.danger : theme.color.amber)};
  font-size: ${theme.font.size.xs};
`;

const Full = styled.p`
  margin: 8px 0 0;
  color: ${theme.color.amber};
  font-size: ${theme.font.size.xs};
  text-align: center;
`;

/** A number input's text as an integer, or null while it is not one (the member is still typing). */
function integer(text: string): number | null {
  return /^-?\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** A whole-number field whose typing is kept as typed; the book gets the number once it is one in range. */
function NumberField({ label, hint, value, min, max, onChange }: { label: string; hint: string; value: number; min: number; max: number; onChange: (value: number) => void }) {
  const [text, setText] = useState(String(value));
  const typed = integer(text);
  const error = typed === null || typed < min || typed > max ? LOREBOOK_TEXT.numberRange(label, min, max) : undefined;
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      inputMode="numeric"
      value={typed === value || error ? text : String(value)}
      onChange={(e) => {
        setText(e.target.value);
        const next = integer(e.target.value);
        if (next !== null && next >= min && next <= max) onChange(next);
      }}
    />
  );
}

function EntrySwitch({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (next: boolean) => void }) {
  return (
    <SwitchRow>
      <div>
        <strong>{label}</strong>
        <Muted>{hint}</Muted>
      </div>
      <Toggle label={label} checked={checked} onChange={onChange} />
    </SwitchRow>
  );
}

/**
 * One entry, edited in place: every change goes straight into the wizard's draft (kept like its
 * other fields), so closing, a reload or a step change loses nothing. Removal asks first.
 */
function EntryDialog({
  entry,
  isNew,
  onChange,
  onClose,
  onRemove,
}: {
  entry: LorebookEntry;
  isNew: boolean;
  onChange: (change: Partial<LorebookEntry>) => void;
  onClose: () => void;
  onRemove: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog open title={isNew ? LOREBOOK_TEXT.newEntryTitle : LOREBOOK_TEXT.editEntryTitle} onClose={onClose}>
      <KeyChips label={LOREBOOK_TEXT.keys} hint={LOREBOOK_TEXT.keysHint} keys={entry.keys} onChange={(keys) => onChange({ keys })} />
      <KeyChips label={LOREBOOK_TEXT.secondaryKeys} hint={LOREBOOK_TEXT.secondaryKeysHint} keys={entry.secondaryKeys} onChange={(secondaryKeys) => onChange({ secondaryKeys })} />
      <TextAreaField label={LOREBOOK_TEXT.content} hint={LOREBOOK_TEXT.contentHint} max={LOREBOOK_LIMITS.contentMax} rows={6} value={entry.content} onChange={(e) => onChange({ content: e.target.value })} />
      <EntrySwitch label={LOREBOOK_TEXT.enabled} hint={LOREBOOK_TEXT.enabledHint} checked={entry.enabled} onChange={(enabled) => onChange({ enabled })} />
      <EntrySwitch label={LOREBOOK_TEXT.constant} hint={LOREBOOK_TEXT.constantHint} checked={entry.constant} onChange={(constant) => onChange({ constant })} />
      <EntrySwitch label={LOREBOOK_TEXT.substring} hint={LOREBOOK_TEXT.substringHint} checked={entry.matchSubstring} onChange={(matchSubstring) => onChange({ matchSubstring })} />
      <NumberField label={LOREBOOK_TEXT.order} hint={LOREBOOK_TEXT.orderHint} value={entry.order} min={ORDER_RANGE.min} max={ORDER_RANGE.max} onChange={(order) => onChange({ order })} />
      <Actions>
        <Button $variant="danger" onClick={() => setConfirming(true)}>
          <Icon name="trash" size={16} />
          {LOREBOOK_TEXT.remove}
        </Button>
        <Button onClick={onClose}>{LOREBOOK_TEXT.close}</Button>
      </Actions>
      <ConfirmDialog
        open={confirming}
        title={LOREBOOK_TEXT.removeTitle}
        message={LOREBOOK_TEXT.removeMessage(entry.keys.join(', '))}
        confirmLabel={LOREBOOK_TEXT.removeConfirm}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onRemove();
        }}
      />
    </Dialog>
  );
}

/**
 * The lorebook editor (beyond the spec; the optional wizard step, in create and edit mode): the
 * book's budget and scan depth, its entries by order with their state, and an entry dialog.
 * Limits are the catalog's (contracts LOREBOOK_LIMITS); what breaks them is flagged here and
 * refused at the step's end and at submit, as the server would refuse it.
 */
export function LorebookEditor({ book, onChange }: { book: Lorebook; onChange: (book: Lorebook) => void }) {
  const { toast } = useToast();
  // The entry open in the dialog, by its place in book.entries; `isNew` while it was just added.
  const [open, setOpen] = useState<{ index: number; isNew: boolean } | null>(null);
  const full = book.entries.length >= LOREBOOK_LIMITS.entries;
  const listed = entriesInOrder(book);
  const openEntry = open ? book.entries[open.index] : undefined;
  // Thai lore reaches the gateway's body limit before the entry limits: its size shows from halfway.
  const kb = useMemo(() => Math.ceil(bodyBytes(book) / 1024), [book]);
  const maxKb = CHARACTER_BODY_LIMIT_BYTES / 1024;

  const changeEntry = (index: number, change: Partial<LorebookEntry>) =>
    onChange({ ...book, entries: book.entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry)) });

  function add() {
    if (full) return;
    onChange({ ...book, entries: [...book.entries, newEntry()] });
    setOpen({ index: book.entries.length, isNew: true });
  }

  function close() {
    // A new entry left untouched is not kept: nothing was typed into it.
    if (open?.isNew && openEntry && isUntouched(openEntry)) {
      onChange({ ...book, entries: book.entries.filter((_, i) => i !== open.index) });
    }
    setOpen(null);
  }

  function remove(index: number) {
    onChange({ ...book, entries: book.entries.filter((_, i) => i !== index) });
    setOpen(null);
    toast({ title: LOREBOOK_TEXT.removed, variant: 'success' });
  }

  return (
    <>
      <Muted style={{ marginBottom: 14 }}>{LOREBOOK_TEXT.intro(book.scanDepth)}</Muted>
      <Card aria-label={LOREBOOK_TEXT.settings}>
        <SectionTitle>{LOREBOOK_TEXT.settings}</SectionTitle>
        <div>
          <NumberField
            label={LOREBOOK_TEXT.budget}
            hint={LOREBOOK_TEXT.budgetHint(0, LOREBOOK_LIMITS.budgetTokensMax)}
            value={book.budgetTokens}
            min={0}
            max={LOREBOOK_LIMITS.budgetTokensMax}
            onChange={(budgetTokens) => onChange({ ...book, budgetTokens })}
          />
          <NumberField
            label={LOREBOOK_TEXT.scanDepth}
            hint={LOREBOOK_TEXT.scanDepthHint(0, LOREBOOK_LIMITS.scanDepthMax)}
            value={book.scanDepth}
            min={0}
            max={LOREBOOK_LIMITS.scanDepthMax}
            onChange={(scanDepth) => onChange({ ...book, scanDepth })}
          />
        </div>
      </Card>
      <Head>
        <SectionTitle style={{ margin: 0 }}>{LOREBOOK_TEXT.listLabel}</SectionTitle>
        <span>{LOREBOOK_TEXT.entryCount(book.entries.length, LOREBOOK_LIMITS.entries)}</span>
      </Head>
      {kb * 2 > maxKb ? <Size $over={kb > maxKb}>{LOREBOOK_TEXT.size(kb, maxKb)}</Size> : null}
      {listed.length === 0 ? (
        <EmptyState icon="sparkles" title={LOREBOOK_TEXT.emptyTitle}>
          {LOREBOOK_TEXT.emptyHint}
        </EmptyState>
      ) : (
        <PlainList aria-label={LOREBOOK_TEXT.listLabel}>
          {listed.map(({ entry, index }, position) => {
            // A refusal (the save will stop) in red; an entry that cannot fire, said plainly.
            const refusal = entryRefusal(entry);
            const idle = entryIdle(entry);
            return (
              <Row key={index} $off={!entry.enabled}>
                <Open type="button" aria-label={LOREBOOK_TEXT.editEntry(position + 1)} onClick={() => setOpen({ index, isNew: false })}>
                  <strong>{entry.keys.length > 0 ? entry.keys.join(', ') : entry.constant ? LOREBOOK_TEXT.alwaysOnNoKeys : LOREBOOK_TEXT.noKeys}</strong>
                  {entry.content.trim() ? <p>{entry.content}</p> : null}
                  <Pills>
                    <Pill>{LOREBOOK_TEXT.orderPill(entry.order)}</Pill>
                    {!entry.enabled ? <Pill>{LOREBOOK_TEXT.off}</Pill> : null}
                    {entry.constant ? <Pill $tone="primary">{LOREBOOK_TEXT.alwaysOn}</Pill> : null}
                    {entry.matchSubstring ? <Pill $tone="amber">{LOREBOOK_TEXT.substringPill}</Pill> : null}
                  </Pills>
                  {refusal ? <Problem>{refusal}</Problem> : idle ? <Idle>{idle}</Idle> : null}
                </Open>
                <Toggle label={LOREBOOK_TEXT.enableEntry(position + 1)} checked={entry.enabled} onChange={(enabled) => changeEntry(index, { enabled })} />
              </Row>
            );
          })}
        </PlainList>
      )}
      <Button $variant="secondary" $block disabled={full} style={{ marginTop: 14 }} onClick={add}>
        <Icon name="plus" size={16} />
        {LOREBOOK_TEXT.add}
      </Button>
      {full ? <Full role="status">{LOREBOOK_TEXT.full(LOREBOOK_LIMITS.entries)}</Full> : null}
      {open && openEntry ? (
        <EntryDialog entry={openEntry} isNew={open.isNew} onChange={(change) => changeEntry(open.index, change)} onClose={close} onRemove={() => remove(open.index)} />
      ) : null}
    </>
  );
}

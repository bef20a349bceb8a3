import { useMemo } from 'react';
import styled from 'styled-components';
import { AUDIT_ACTIONS, hiddenReasonLabel, type AuditAction, type AuditEntry } from '@lakorn/contracts/web';
import { Card, EmptyState, ErrorState, LoadingState, PlainList, theme, thaiDateTime, thaiFullDate } from '@lakorn/ui';
import { useAudit, useModeratedCharacter } from '../api';
import { AUDIT_ACTION_TEXT, MODERATION_TEXT } from '../messages';
import { LoadMore } from './LoadMore';

const Item = styled(Card).attrs({ as: 'li' })`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
  strong { font-size: ${theme.font.size.sm}; }
  small { color: ${theme.color.muted}; font-size: ${theme.font.size.xs}; overflow-wrap: anywhere; }
`;


const isKnown = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);

/**
 * What changed, in Thai where the log's fields are known (moderation's characterId, characterName,
 * hidden, reason, adult; the other admin writes' title, date, coins, code, uses and switches), else
 * as the server wrote it.
 */
export function describeChange(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === 'hidden' && typeof value === 'boolean') parts.push(value ? MODERATION_TEXT.hiddenPill : MODERATION_TEXT.hiddenOff);
    else if (key === 'reason' && (typeof value === 'string' || value === null)) parts.push(MODERATION_TEXT.hiddenBecause(hiddenReasonLabel(value)));
    else if (key === 'adult' && (typeof value === 'boolean' || value === null))
      parts.push(`${MODERATION_TEXT.adult}: ${value === null ? MODERATION_TEXT.adultFollow : value ? MODERATION_TEXT.adultAlways : MODERATION_TEXT.adultNever}`);
    // The character is the entry's target, named there (CharacterTarget).
    else if ((key === 'characterId' || key === 'characterName') && typeof value === 'string') continue;
    else if (key === 'title' && typeof value === 'string') parts.push(MODERATION_TEXT.newsTitle(value));
    else if (key === 'date' && typeof value === 'string') parts.push(thaiFullDate(value));
    else if ((key === 'coins' || key === 'coinAmount') && typeof value === 'number') parts.push(MODERATION_TEXT.coins(value));
    else if (key === 'code' && typeof value === 'string') parts.push(MODERATION_TEXT.code(value));
    else if (key === 'maxUses' && (typeof value === 'number' || value === null)) parts.push(MODERATION_TEXT.maxUses(value));
    else if (key === 'isActive' && typeof value === 'boolean') parts.push(MODERATION_TEXT.active(value));
    else if (key === 'enabled' && typeof value === 'boolean') parts.push(MODERATION_TEXT.payments(value));
    else parts.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return parts.join(' · ');
}

/** The name an entry gives its target: a code, a news title, a special day's date. */
function nameIn(entry: AuditEntry): string | undefined {
  const { details } = entry;
  if (entry.targetType === 'promoCode' && typeof details.code === 'string') return details.code;
  if (entry.targetType === 'news' && typeof details.title === 'string') return details.title;
  if (entry.targetType === 'specialDay' && typeof details.date === 'string') return thaiFullDate(details.date);
  return undefined;
}

/**
 * Names, not ids: each target's name from any loaded entry about it, so a removal (whose entry
 * holds only the id) is named by the entry that created it.
 */
function targetNames(entries: AuditEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of entries) {
    const name = nameIn(entry);
    const key = `${entry.targetType}:${entry.targetId}`;
    if (name && !names.has(key)) names.set(key, name);
  }
  return names;
}

/** The character an entry is about: the target itself, or the reported character of a report. */
const characterOf = (entry: AuditEntry): string | null =>
  entry.targetType === 'character' ? entry.targetId : typeof entry.details.characterId === 'string' ? entry.details.characterId : null;

/**
 * A character by the name its entry gives (catalog README "Moderation and the age gate"), else as
 * the catalog has it now (one read per character, shared by its entries).
 */
function CharacterTarget({ id, isReport, named }: { id: string; isReport: boolean; named: string | undefined }) {
  const { data, error } = useModeratedCharacter(named ? null : id);
  const name = named || (data?.name ?? (error ? null : MODERATION_TEXT.characterNameLoading));
  return <>{isReport ? MODERATION_TEXT.targetReport(name) : MODERATION_TEXT.targetCharacter(name)}</>;
}

function Entry({ entry, names }: { entry: AuditEntry; names: Map<string, string> }) {
  const change = describeChange(entry.details);
  const characterId = characterOf(entry);
  return (
    <Item>
      <strong>{isKnown(entry.action) ? AUDIT_ACTION_TEXT[entry.action] : entry.action}</strong>
      {change ? <small>{change}</small> : null}
      <small data-part="target">
        {characterId ? (
          <CharacterTarget
            id={characterId}
            isReport={entry.targetType === 'report'}
            named={typeof entry.details.characterName === 'string' ? entry.details.characterName : undefined}
          />
        ) : (
          MODERATION_TEXT.target(entry.targetType, entry.targetId, names.get(`${entry.targetType}:${entry.targetId}`))
        )}
      </small>
      <small>
        <time dateTime={entry.at}>{thaiDateTime(entry.at)}</time> · {MODERATION_TEXT.by(entry.actorEmail)}
      </small>
    </Item>
  );
}

/** The audit log: every admin action, newest first, a page at a time. */
export function AuditLog() {
  const log = useAudit();
  const names = useMemo(() => targetNames(log.items), [log.items]);
  return (
    <>
      {log.loading ? <LoadingState message={MODERATION_TEXT.auditLoading} /> : null}
      {log.failed ? <ErrorState message={MODERATION_TEXT.auditFailed} onRetry={() => void log.reload()} /> : null}
      {!log.loading && !log.failed && log.items.length === 0 ? <EmptyState icon="shield" title={MODERATION_TEXT.auditEmpty} /> : null}
      <PlainList aria-label={MODERATION_TEXT.auditLabel}>
        {log.items.map((entry) => (
          <Entry key={entry.id} entry={entry} names={names} />
        ))}
      </PlainList>
      <LoadMore list={log} />
    </>
  );
}

import styled from 'styled-components';
import type { DailyCoinSetting } from '@lakorn/contracts/web';
import { Icon, IconButton, formatCoins, thaiFullDate, thaiShortMonth, theme } from '@lakorn/ui';
import { useDailyCoinSettings } from '../../../shared/dailyCoinSettings';
import { useSpecialDays } from '../api';
import { SPECIAL_DAY_TEXT } from '../messages';
import { AddSpecialDayDialog } from './AddSpecialDayDialog';
import type { DeleteTarget } from './DeleteDialog';
import { ListTab } from './ListTab';
import { Meta, Row, Text } from './rows';

const WEEKEND = new Set([0, 6]);

/** One amount, or the range of them ('20–25'), as the note says it. */
function amountsText(amounts: number[]): string {
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  return low === high ? formatCoins(low) : `${formatCoins(low)}–${formatCoins(high)}`;
}

/** The note's text from the weekday settings; the unknown wording until all seven are known. */
export function regularDaysNote(settings: DailyCoinSetting[] | null | undefined): string {
  const weekdays = (settings ?? []).filter((s) => !WEEKEND.has(s.dayOfWeek)).map((s) => s.coinAmount);
  const weekend = (settings ?? []).filter((s) => WEEKEND.has(s.dayOfWeek)).map((s) => s.coinAmount);
  if (weekdays.length === 0 || weekend.length === 0) return SPECIAL_DAY_TEXT.noteUnknown;
  return SPECIAL_DAY_TEXT.note(amountsText(weekdays), amountsText(weekend));
}

function RegularDaysNote() {
  const { data } = useDailyCoinSettings();
  return (
    <Note>
      <Icon name="calendar" size={16} />
      <span>{regularDaysNote(data)}</span>
    </Note>
  );
}

/**
 * spec §2 Admin news, Special days tab: the add dialog, the list (date, description defaulting
 * to 'special day', coins, delete icon) and the note on regular days' amounts.
 */
export function SpecialDaysTab({ onDelete }: { onDelete: (target: DeleteTarget) => void }) {
  return (
    <ListTab
      query={useSpecialDays()}
      text={SPECIAL_DAY_TEXT}
      emptyIcon="calendar"
      note={<RegularDaysNote />}
      dialog={(open, onClose) => <AddSpecialDayDialog open={open} onClose={onClose} />}
      row={(day) => (
        <Row key={day.id}>
          <DateBadge aria-hidden>
            <strong>{Number(day.date.slice(8))}</strong>
            <span>{thaiShortMonth(day.date)}</span>
          </DateBadge>
          <Text>
            <h3>{day.description || SPECIAL_DAY_TEXT.defaultDescription}</h3>
            <Meta>
              <time dateTime={day.date}>{thaiFullDate(day.date)}</time>
            </Meta>
          </Text>
          <Amount>{SPECIAL_DAY_TEXT.coins(formatCoins(day.coinAmount))}</Amount>
          <IconButton aria-label={SPECIAL_DAY_TEXT.deleteLabel(thaiFullDate(day.date))} onClick={() => onDelete({ kind: 'special-day', id: day.id })}>
            <Icon name="trash" size={18} color={theme.color.danger} />
          </IconButton>
        </Row>
      )}
    />
  );
}

const Note = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  margin: 12px 0 0;
  padding: 10px 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.amberBg};
  color: ${theme.color.amber};
  font-size: ${theme.font.size.sm};
  svg { flex: none; margin-top: 2px; }
`;

const DateBadge = styled.span`
  flex: none;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.amberBg};
  color: ${theme.color.amber};
  line-height: 1.1;
  strong { font-size: ${theme.font.size.lg}; }
  span { font-size: ${theme.font.size.xs}; }
`;

const Amount = styled.span`
  flex: none;
  font-weight: 700;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.amber};
  white-space: nowrap;
`;

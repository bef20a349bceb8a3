import styled, { css } from 'styled-components';
import type { CalendarDay, CalendarResponse } from '@lakorn/contracts/web';
import { Card, ErrorState, Icon, IconButton, LoadingState, SectionTitle, thaiMonthYear, theme } from '@lakorn/ui';
import { monthWeeks, type YearMonth } from '../dates';
import { CHECKIN_TEXT } from '../messages';

export interface CheckInCalendarProps {
  month: YearMonth | null;
  data: CalendarResponse | null | undefined;
  /** Today as the server counts it (yyyy-MM-dd): past, today and future are decided from it. */
  todayDate: string | undefined;
  failed: boolean;
  onRetry: () => void;
  onMonthChange: (delta: -1 | 1) => void;
  onCheckIn: () => void;
  pending: boolean;
}

/** spec §2: the daily check-in card with the month calendar and its legend. */
export function CheckInCalendar({ month, data, todayDate, failed, onRetry, onMonthChange, onCheckIn, pending }: CheckInCalendarProps) {
  const label = month ? thaiMonthYear(month) : '';
  return (
    <CalendarCard aria-labelledby="checkin-calendar-title">
      <Head>
        <SectionTitle id="checkin-calendar-title">{CHECKIN_TEXT.cardTitle}</SectionTitle>
        <MonthNav>
          <IconButton $size={34} aria-label={CHECKIN_TEXT.previousMonth} onClick={() => onMonthChange(-1)} disabled={!month}>
            <Icon name="back" size={18} />
          </IconButton>
          <MonthLabel aria-live="polite">{label}</MonthLabel>
          <IconButton $size={34} aria-label={CHECKIN_TEXT.nextMonth} onClick={() => onMonthChange(1)} disabled={!month}>
            <Icon name="back" size={18} style={{ transform: 'rotate(180deg)' }} />
          </IconButton>
        </MonthNav>
      </Head>

      {failed ? (
        <ErrorState message={CHECKIN_TEXT.loadFailed} onRetry={onRetry} />
      ) : !data || !month || data.year !== month.year || data.month !== month.month ? (
        <LoadingState message={CHECKIN_TEXT.loading} />
      ) : (
        <Grid aria-label={label}>
          <thead>
            <tr>
              {CHECKIN_TEXT.weekdays.map((w, i) => (
                <Weekday key={w} scope="col" $weekend={i === 0 || i === 6}>
                  {w}
                </Weekday>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(data.calendar, month).map((week, i) => (
              <tr key={i}>
                {week.map((day, j) =>
                  day ? (
                    <DayCell key={day.date} day={day} todayDate={todayDate} onCheckIn={onCheckIn} pending={pending} />
                  ) : (
                    <Blank key={`blank-${j}`} aria-hidden />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Grid>
      )}

      <Legend>
        <li>
          <Icon name="check" size={14} color={theme.color.success} aria-hidden />
          {CHECKIN_TEXT.legendCheckedIn}
        </li>
        <li>
          <Swatch $tone="special" aria-hidden />
          {CHECKIN_TEXT.legendSpecial}
        </li>
        <li>
          <Swatch $tone="today" aria-hidden />
          {CHECKIN_TEXT.today}
        </li>
      </Legend>
    </CalendarCard>
  );
}

function DayCell({ day, todayDate, onCheckIn, pending }: { day: CalendarDay; todayDate: string | undefined; onCheckIn: () => void; pending: boolean }) {
  const isToday = day.date === todayDate;
  // spec §4 Calendar day: judged against the server's today, never the device clock.
  const isPast = todayDate !== undefined && day.date < todayDate;
  let status;
  if (day.checkedIn) status = <Icon name="check" size={16} title={CHECKIN_TEXT.checkedIn} color={theme.color.success} />;
  else if (isToday)
    status = (
      <CellButton onClick={onCheckIn} disabled={pending}>
        {CHECKIN_TEXT.checkInCell}
      </CellButton>
    );
  else if (isPast) status = <Small>{CHECKIN_TEXT.passed}</Small>;
  else status = <Small aria-hidden>{CHECKIN_TEXT.future}</Small>;

  return (
    <Cell $today={isToday} $special={day.special} $checked={day.checkedIn} aria-current={isToday ? 'date' : undefined} data-date={day.date}>
      <DayNumber>{day.dayNumber}</DayNumber>
      <Coins aria-label={CHECKIN_TEXT.dayLabel(day.dayNumber, day.coins)}>
        <Coin aria-hidden />
        {day.coins}
      </Coins>
      <Status>{status}</Status>
    </Cell>
  );
}

const CalendarCard = styled(Card)`
  padding: 14px 10px 12px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 0 4px 8px;
  h2 { margin: 0; }
`;

const MonthNav = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
`;

const MonthLabel = styled.span`
  min-width: 104px;
  text-align: center;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Grid = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: separate;
  border-spacing: 3px;
`;

const Weekday = styled.th<{ $weekend: boolean }>`
  padding: 2px 0 4px;
  font-size: ${theme.font.size.xs};
  font-weight: 600;
  color: ${(p) => (p.$weekend ? theme.color.primary : theme.color.muted)};
`;

const Blank = styled.td``;

const Cell = styled.td<{ $today: boolean; $special: boolean; $checked: boolean }>`
  height: 66px;
  padding: 3px 1px 4px;
  vertical-align: top;
  text-align: center;
  border-radius: ${theme.radius.sm};
  border: 1px solid ${theme.color.surface3};
  background: ${theme.color.surface2};
  ${(p) =>
    p.$special &&
    css`
      background: ${theme.color.amberBg};
      border-color: rgba(245, 181, 68, 0.45);
    `}
  ${(p) =>
    p.$checked &&
    css`
      border-color: rgba(62, 207, 142, 0.5);
    `}
  ${(p) =>
    p.$today &&
    css`
      border: 2px solid ${theme.color.primary};
      box-shadow: 0 0 0 3px rgba(232, 83, 122, 0.18);
    `}
`;

const DayNumber = styled.div`
  font-size: ${theme.font.size.xs};
  font-weight: 700;
  line-height: 1.3;
`;

const Coins = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 2px;
  font-size: 11px;
  font-weight: 600;
  color: ${theme.color.amber};
  font-variant-numeric: tabular-nums;
  line-height: 1.4;
`;

const Coin = styled.span`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${theme.color.amber};
`;

const Status = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  min-height: 20px;
  margin-top: 1px;
`;

const Small = styled.span`
  font-size: 9px;
  line-height: 1.1;
  color: ${theme.color.faint};
`;

const CellButton = styled.button.attrs({ type: 'button' })`
  padding: 2px 4px;
  border: none;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.primaryFill};
  color: ${theme.color.primaryText};
  font-size: 10px;
  font-weight: 700;
  line-height: 1.5;
  white-space: nowrap;
  &:disabled { opacity: 0.5; }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  margin: 10px 4px 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.font.size.xs};
  color: ${theme.color.muted};
  li { display: inline-flex; align-items: center; gap: 6px; }
`;

const Swatch = styled.span<{ $tone: 'special' | 'today' }>`
  width: 14px;
  height: 14px;
  border-radius: 4px;
  ${(p) =>
    p.$tone === 'special'
      ? css`
          background: ${theme.color.amberBg};
          border: 1px solid rgba(245, 181, 68, 0.6);
        `
      : css`
          border: 2px solid ${theme.color.primary};
        `}
`;

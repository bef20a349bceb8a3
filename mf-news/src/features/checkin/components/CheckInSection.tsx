import { useState } from 'react';
import { useCalendar } from '../api';
import { addMonths, sameMonth, type YearMonth } from '../dates';
import { useCheckIn } from '../useCheckIn';
import { CheckInCalendar } from './CheckInCalendar';
import { TodayPanel } from './TodayPanel';

/**
 * The daily check-in: today's panel and the month calendar. Today's month comes from the server
 * (GET /api/checkin/calendar without a month), so a phone whose clock is wrong still opens on the
 * right month and offers the button on the right day. Another month is its own query.
 */
export function CheckInSection() {
  const current = useCalendar('current');
  const [chosen, setChosen] = useState<YearMonth | null>(null);
  const todayMonth = current.data ? { year: current.data.year, month: current.data.month } : null;
  const shown = chosen ?? todayMonth;
  const showingCurrent = !chosen || (todayMonth !== null && sameMonth(chosen, todayMonth));
  const other = useCalendar(showingCurrent ? null : chosen);
  const query = showingCurrent ? current : other;
  const { checkIn, pending } = useCheckIn();

  const today = current.data?.today ?? other.data?.today;
  // getJson answers null for a network failure that outlasted its retries.
  const failed = Boolean(query.error) || query.data === null;

  return (
    <>
      {today ? <TodayPanel today={today} onCheckIn={checkIn} pending={pending} /> : null}
      <CheckInCalendar
        month={shown}
        data={query.data}
        todayDate={today?.date}
        failed={failed}
        onRetry={() => void query.mutate()}
        onMonthChange={(delta) => shown && setChosen(addMonths(shown, delta))}
        onCheckIn={checkIn}
        pending={pending}
      />
    </>
  );
}

import { CHECKIN_TIME_ZONE, type IsoDate } from '@lakorn/contracts';

// Check-in days are Bangkok days whatever zone the server runs in (the product's members are in Thailand): Intl with an
// explicit time zone, so neither TZ nor the host's clock setting moves a day boundary.
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: CHECKIN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Bangkok calendar day (yyyy-MM-dd) an instant falls on. */
export function bangkokDay(instant: Date): IsoDate {
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

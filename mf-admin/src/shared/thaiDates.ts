// Dates in the Thai locale (spec §9), Buddhist-era years as /news shows them.

/** A stored instant, in the device's zone: '10 เม.ย. 2568 10:00'. */
const dateTime = new Intl.DateTimeFormat('th-TH', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
export const thaiDateTime = (iso: string): string => dateTime.format(new Date(iso));

// Calendar days (yyyy-MM-dd, the check-in service's Bangkok days) are formatted at UTC noon in
// UTC, so the device's own zone can never move them to another day.
const noonUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};
const fullDate = new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortMonth = new Intl.DateTimeFormat('th-TH', { timeZone: 'UTC', month: 'short' });

/** 'วันอาทิตย์ที่ 13 เมษายน 2568'. */
export const thaiFullDate = (date: string): string => fullDate.format(noonUtc(date));
/** 'เม.ย.'. */
export const thaiShortMonth = (date: string): string => shortMonth.format(noonUtc(date));

import { formatThaiDate, relativeTime, thaiDateTime, thaiFullDate, thaiMonthYear, thaiShortMonth } from '../src/time';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const bangkok = { timeZone: 'Asia/Bangkok' };

describe('relative times (spec §9)', () => {
  it('counts minutes under an hour and hours under a day', () => {
    expect(relativeTime(ago(5 * 60_000), { now })).toBe('5 นาทีที่แล้ว');
    expect(relativeTime(ago(3 * 3_600_000), { now })).toBe('3 ชั่วโมงที่แล้ว');
  });

  it('counts days under a week', () => {
    expect(relativeTime(ago(6 * 86_400_000), { now })).toBe('6 วันที่แล้ว');
  });

  it('switches chats to dd MMM yyyy (Buddhist year) after a week but news to weeks until 30 days', () => {
    const twoWeeks = ago(14 * 86_400_000);
    expect(relativeTime(twoWeeks, { now, ...bangkok })).toBe('08 พ.ย. 2569');
    expect(relativeTime(twoWeeks, { now, withWeeks: true })).toBe('2 สัปดาห์ที่แล้ว');
    expect(relativeTime(ago(40 * 86_400_000), { now, withWeeks: true, ...bangkok })).toBe('13 ต.ค. 2569');
  });
});

describe('the spec patterns render in Thai with the Buddhist year', () => {
  const jan5 = '2025-01-05T03:07:00Z'; // 10:07 in Bangkok

  it("coin history names the month in Thai order, day month year: 'd MMM yyyy' reads '5 ม.ค. 2568'", () => {
    expect(formatThaiDate(jan5, 'd MMM yyyy', bangkok)).toBe('5 ม.ค. 2568');
    expect(formatThaiDate('2026-12-03T05:00:00Z', 'd MMM yyyy', bangkok)).toBe('3 ธ.ค. 2569');
  });

  it("promo table 'dd/MM/yyyy' reads '05/01/2568'", () => {
    expect(formatThaiDate(jan5, 'dd/MM/yyyy', bangkok)).toBe('05/01/2568');
  });

  it("relative-time fallback 'dd MMM yyyy' reads '05 ม.ค. 2568'", () => {
    expect(formatThaiDate(jan5, 'dd MMM yyyy', bangkok)).toBe('05 ม.ค. 2568');
  });

  it("the clock 'HH:mm' is 24-hour with two-digit fields", () => {
    expect(formatThaiDate(jan5, 'HH:mm', bangkok)).toBe('10:07');
    expect(formatThaiDate('2025-01-05T17:00:00Z', 'HH:mm', bangkok)).toBe('00:00');
  });

  it('uses the zone asked for: the same instant is another day elsewhere', () => {
    expect(formatThaiDate('2025-01-04T20:00:00Z', 'dd/MM/yyyy', bangkok)).toBe('05/01/2568');
    expect(formatThaiDate('2025-01-04T20:00:00Z', 'dd/MM/yyyy', { timeZone: 'UTC' })).toBe('04/01/2568');
  });

  it('admin news shows the date with its time', () => {
    expect(thaiDateTime('2025-04-10T03:00:00Z', bangkok)).toBe('10 เม.ย. 2568 10:00');
  });
});

describe('calendar days (yyyy-MM-dd) never move with the device zone', () => {
  it('renders the full date, the month heading and the short month in the Buddhist era', () => {
    expect(thaiFullDate('2025-01-08')).toBe('วันพุธที่ 8 มกราคม 2568');
    expect(thaiMonthYear({ year: 2025, month: 1 })).toBe('มกราคม 2568');
    expect(thaiShortMonth('2025-04-13')).toBe('เม.ย.');
  });
});

describe('one era everywhere', () => {
  it('every helper gives the same Buddhist year for the same day, and never the Gregorian one', () => {
    const rendered = [
      formatThaiDate('2025-06-15T05:00:00Z', 'dd MMM yyyy', bangkok),
      formatThaiDate('2025-06-15T05:00:00Z', 'd MMM yyyy', bangkok),
      formatThaiDate('2025-06-15T05:00:00Z', 'dd/MM/yyyy', bangkok),
      relativeTime('2025-06-15T05:00:00Z', { now, ...bangkok }),
      thaiDateTime('2025-06-15T05:00:00Z', bangkok),
      thaiFullDate('2025-06-15'),
      thaiMonthYear({ year: 2025, month: 6 }),
    ];
    for (const text of rendered) {
      expect(text).toContain('2568');
      expect(text).not.toContain('2025');
    }
  });
});

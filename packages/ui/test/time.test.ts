import { relativeTime } from '../src/time';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relative times (spec §9)', () => {
  it('counts minutes under an hour and hours under a day', () => {
    expect(relativeTime(ago(5 * 60_000), { now })).toBe('5 นาทีที่แล้ว');
    expect(relativeTime(ago(3 * 3_600_000), { now })).toBe('3 ชั่วโมงที่แล้ว');
  });

  it('counts days under a week', () => {
    expect(relativeTime(ago(6 * 86_400_000), { now })).toBe('6 วันที่แล้ว');
  });

  it('switches chats to a date after a week but news to weeks until 30 days', () => {
    const twoWeeks = ago(14 * 86_400_000);
    expect(relativeTime(twoWeeks, { now })).toMatch(/^08 พ\.ย\. 2026$/);
    expect(relativeTime(twoWeeks, { now, withWeeks: true })).toBe('2 สัปดาห์ที่แล้ว');
    expect(relativeTime(ago(40 * 86_400_000), { now, withWeeks: true })).toMatch(/2026$/);
  });
});

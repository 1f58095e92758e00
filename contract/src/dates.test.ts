import { describe, expect, it } from 'vitest';
import { dateTimeFormat, dayFormat, dayStart } from './dates.ts';
import { daysInRange, isCalendarDay } from './sales.ts';

describe('dates as the pages write them (shared with the e-mails)', () => {
  it('a moment: medium date, short time, in the zone asked for', () => {
    expect(dateTimeFormat('en-US', 'UTC').format(new Date('2026-11-24T00:46:00Z'))).toBe(
      'Nov 24, 2026, 12:46 AM',
    );
  });

  it('a calendar day is the same whatever the zone', () => {
    expect(dayFormat('en-US').format(dayStart('2099-06-30'))).toBe('Jun 30, 2099');
  });
});

describe('the Sales range', () => {
  it('takes real YYYY-MM-DD days only', () => {
    for (const day of ['2026-01-31', '2028-02-29', '2030-12-01'])
      expect(isCalendarDay(day)).toBe(true);
    for (const day of ['2026-02-30', '2027-02-29', '2026-1-31', '31-01-2026', '', 'today']) {
      expect(isCalendarDay(day)).toBe(false);
    }
  });

  it('counts both ends', () => {
    expect(daysInRange('2026-01-01', '2026-01-31')).toBe(31);
    expect(daysInRange('2026-03-14', '2026-03-14')).toBe(1);
    expect(daysInRange('2028-01-01', '2028-12-31')).toBe(366);
  });
});

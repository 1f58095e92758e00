import type { Random } from './random.ts';

/*
 * When business buyers order: on working days rather than weekends, in office hours (UTC, the
 * shop's customers are in the UK), less in August and around Christmas, more in spring and autumn,
 * and a little more each month as the shop grows.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Sunday first, as Date.getUTCDay counts. */
const WEEKDAY_FACTORS = [0.2, 1.1, 1.15, 1.1, 1.05, 0.9, 0.3] as const;
/** January first. */
const MONTH_FACTORS = [0.85, 0.95, 1.1, 1.15, 1.1, 1.05, 0.95, 0.75, 1.1, 1.15, 1.1, 0.8] as const;
/** From the first day of the window to the last: growth over the year. */
const TREND = { first: 0.85, last: 1.15 } as const;

function seasonOf(day: Date): number {
  const month = day.getUTCMonth();
  const date = day.getUTCDate();
  // The works' shutdown between Christmas and New Year.
  if ((month === 11 && date >= 24) || (month === 0 && date === 1)) return 0.15;
  return MONTH_FACTORS[month]!;
}

/** `at` if it falls in working hours (8:00-17:00 UTC, Monday to Friday), else a morning moment of the next working day. */
export function nextWorkingMoment(at: Date, random: Random): Date {
  const moment = new Date(at);
  for (let guard = 0; guard < 10; guard += 1) {
    const weekday = moment.getUTCDay();
    const hour = moment.getUTCHours();
    if (weekday !== 0 && weekday !== 6 && hour >= 8 && hour < 17) return moment;
    // Next day (or this one, before 8:00) at a time in the morning.
    if (hour >= 8) moment.setUTCDate(moment.getUTCDate() + 1);
    moment.setUTCHours(8, random.int(0, 59), random.int(0, 59), random.int(0, 999));
    moment.setTime(moment.getTime() + random.int(0, 3) * HOUR_MS);
  }
  return moment;
}

/**
 * Draws moments within the `days` days before `now`, as many on each day as its weight says
 * (weekday, season, growth), at office hours mostly (a few at any hour).
 */
export function createOrderCalendar(now: Date, days: number) {
  const start = now.getTime() - days * DAY_MS;
  const startOfFirstDay = start - (start % DAY_MS);
  const dayCount = Math.ceil((now.getTime() - startOfFirstDay) / DAY_MS);
  const cumulative = new Float64Array(dayCount);
  let total = 0;
  for (let index = 0; index < dayCount; index += 1) {
    const day = new Date(startOfFirstDay + index * DAY_MS);
    const trend = TREND.first + ((TREND.last - TREND.first) * index) / Math.max(1, dayCount - 1);
    total += WEEKDAY_FACTORS[day.getUTCDay()]! * seasonOf(day) * trend;
    cumulative[index] = total;
  }

  /** The day whose share of the weights holds `point` (0 .. total). */
  function dayAt(point: number): number {
    let low = 0;
    let high = dayCount - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < point) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** A time of day in ms: office hours around 10:30 and 14:30 mostly, now and then any hour. */
  function timeOfDay(random: Random): number {
    if (random.chance(0.12)) return random.next() * DAY_MS;
    const peak = random.chance(0.55) ? 10.5 : 14.5;
    // A bell around the peak from the sum of three uniform draws (sd about 1.5 h).
    const hours = peak + (random.next() + random.next() + random.next() - 1.5) * 3;
    return Math.min(Math.max(hours, 0), 23.99) * HOUR_MS;
  }

  return {
    /** A moment in [`notBefore` or the window's start, `notAfter` or now). */
    draw(random: Random, bounds: { notAfter?: number } = {}): Date {
      const end = bounds.notAfter ?? now.getTime();
      for (;;) {
        const day = dayAt(random.next() * total);
        const at = startOfFirstDay + day * DAY_MS + timeOfDay(random);
        if (at >= start && at < end) return new Date(Math.floor(at));
      }
    },
  };
}

/**
 * Local calendar days in the daemon's time zone (`TZ`, else the system's). Calendar
 * arithmetic, not 24-hour steps: a day with a daylight-saving change has 23 or 25 hours.
 */

/** The local midnight `days` days after the one that starts the day of `at`. */
export function localDay(at: number, days: number): Date {
  const day = new Date(at);
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() + days);
  return day;
}

/** The Monday (its local midnight) of the week `weeks` weeks from the week of `at`. */
export function weekStart(at: number, weeks: number): Date {
  const day = localDay(at, 0);
  const sinceMonday = (day.getDay() + 6) % 7;
  day.setDate(day.getDate() - sinceMonday + 7 * weeks);
  return day;
}

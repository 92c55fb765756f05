const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DATE_TIME = /^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})$/i;

/**
 * A LoCoMo session date such as "1:56 pm on 8 May, 2023", as UTC epoch milliseconds (the
 * data set has no time zone; UTC keeps the replay reproducible). Null when the text
 * does not have that shape or names an impossible date.
 */
export function parseLocomoDate(text: string): number | null {
  const match = DATE_TIME.exec(text.trim());
  if (match === null) return null;
  const [, hourText, minuteText, meridiem, dayText, monthText, yearText] = match;
  const month = MONTHS.findIndex((name) => name === monthText?.toLowerCase() || name.slice(0, 3) === monthText?.toLowerCase());
  const hour12 = Number(hourText);
  const minute = Number(minuteText);
  const day = Number(dayText);
  const year = Number(yearText);
  if (month < 0 || hour12 < 1 || hour12 > 12 || minute > 59 || day < 1) return null;
  const hour = (hour12 % 12) + (meridiem?.toLowerCase() === 'pm' ? 12 : 0);
  const epoch = Date.UTC(year, month, day, hour, minute);
  // Date.UTC rolls 31 June over to 1 July; such a date is a typo, not a date.
  return new Date(epoch).getUTCDate() === day ? epoch : null;
}

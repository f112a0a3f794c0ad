const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const RELATIVE_TIME_WINDOW_DAYS = 7;

const toDate = (value: string | number | Date): Date => (value instanceof Date ? value : new Date(value));

/** 'Mar 5' within the current year, else 'Mar 5, 2023'. */
export function shortDate(date: Date, now: Date): string {
  const options: Intl.DateTimeFormatOptions =
    date.getFullYear() === now.getFullYear()
      ? { month: 'short', day: 'numeric' }
      : { month: 'short', day: 'numeric', year: 'numeric' };
  return date.toLocaleDateString('en-US', options);
}

/** docs/product-spec.md §9: 'Just now' under a minute, then minutes, hours and days up to a week, then a date. */
export function relativeTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = now - date.getTime();
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < RELATIVE_TIME_WINDOW_DAYS * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return shortDate(date, new Date(now));
}

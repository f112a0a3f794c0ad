/** docs/product-spec.md §9: weekday names are used for dates within this many days. */
export const DATE_LABEL_WINDOW_DAYS = 7;

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** Whole calendar days from `date` to `now`; rounding absorbs daylight-saving hours. */
const calendarDaysBetween = (date: Date, now: Date) =>
  Math.round((startOfDay(now).getTime() - startOfDay(date).getTime()) / 86_400_000);

/** docs/product-spec.md §2: Today, Yesterday, a weekday within 7 days, 'Month day' in the same year, else 'Month day, year'. */
export function dateSeparatorLabel(date: Date, now: Date): string {
  const days = calendarDaysBetween(date, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < DATE_LABEL_WINDOW_DAYS) return date.toLocaleDateString('en-US', { weekday: 'long' });
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString('en-US', sameYear ? { month: 'long', day: 'numeric' } : { month: 'long', day: 'numeric', year: 'numeric' });
}

export type MessageListItem<M> = { kind: 'separator'; key: string; label: string } | { kind: 'message'; key: string; message: M };

/** The messages with a separator before the first message of each calendar day. */
export function withDateSeparators<M extends { id: string; timestamp: string }>(messages: M[], now: Date): MessageListItem<M>[] {
  const items: MessageListItem<M>[] = [];
  let previousDay: string | null = null;
  for (const message of messages) {
    const date = new Date(message.timestamp);
    const day = startOfDay(date).toDateString();
    if (day !== previousDay) {
      items.push({ kind: 'separator', key: `day-${day}`, label: dateSeparatorLabel(date, now) });
      previousDay = day;
    }
    items.push({ kind: 'message', key: message.id, message });
  }
  return items;
}

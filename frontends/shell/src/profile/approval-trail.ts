/** How the approval trail's table shows an entry (docs/hospital-library.md, "Approval trail"). */

const ACTIONS: Record<string, string> = {
  approve: 'Approved',
  approved: 'Approved',
  publish: 'Published',
  published: 'Published',
  unpublish: 'Unpublished',
  unpublished: 'Unpublished',
  rename: 'Renamed',
  renamed: 'Renamed',
  regeneration: 'Regenerated',
  regenerated: 'Regenerated',
  deletion: 'Deleted',
  deleted: 'Deleted',
  erasure: 'Account erased',
  account_erased: 'Account erased',
};

/** 'publish' → 'Published'; an action this screen does not know yet is shown as it is named. */
export function actionLabel(action: string): string {
  const known = ACTIONS[action.trim().toLowerCase().replace(/^protocol[._]/, '')];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '–';
}

/** The first 12 hex digits of a SHA-256; the whole one is in the cell's title and the CSV. */
export const shortChecksum = (checksum: string): string => (checksum.length > 12 ? `${checksum.slice(0, 12)}…` : checksum || '–');

/** '28 Nov 2026, 14:05' in the user's time zone; the raw text when it is not a date. */
export function trailTime(at: string, locale?: string): string {
  const date = new Date(at);
  if (!at || Number.isNaN(date.getTime())) return at || '–';
  return date.toLocaleString(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

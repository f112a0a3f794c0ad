import { Button } from './button.component';

export const ShowMoreTexts = {
  more: 'Show more',
  loading: 'Loading more…',
  failed: (what: string) => `Could not load more ${what}.`,
  retry: 'Retry',
} as const;

export interface ShowMoreProps {
  /** Items remain that are not shown yet. */
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  /** What the list holds, for the error ('protocols'). */
  what: string;
  className?: string;
}

/**
 * The foot of a paged list: 'Show more' while items remain, disabled and saying so while the next page
 * loads, and an inline error with Retry when it failed (the items shown stay).
 */
export function ShowMore({ hasMore, loading, failed, onMore, what, className }: ShowMoreProps) {
  const classes = ['show-more', className ?? ''].filter(Boolean).join(' ');
  if (failed) {
    return (
      <div className={`${classes} show-more--failed`} role="alert">
        <span>{ShowMoreTexts.failed(what)}</span>
        <Button size="sm" onClick={onMore}>
          {ShowMoreTexts.retry}
        </Button>
      </div>
    );
  }
  if (!hasMore) return null;
  return (
    <div className={classes}>
      <Button size="sm" disabled={loading} aria-busy={loading} onClick={onMore}>
        {loading && <span className="spinner spinner--inline" aria-hidden="true" />}
        {loading ? ShowMoreTexts.loading : ShowMoreTexts.more}
      </Button>
    </div>
  );
}

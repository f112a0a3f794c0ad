import { useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, getCairn } from '@cairn/frontend-shared';
import { loadTrailPage, type TrailEntry } from './approval-trail.resource';

/** The approval trail a page at a time: the first on opening, the next on 'Show more'. */
export function useApprovalTrail() {
  const [entries, setEntries] = useState<TrailEntry[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [more, setMore] = useState({ loading: false, failed: false });
  const nextOffset = useRef<number | null>(null);

  useEffect(() => {
    let current = true;
    loadTrailPage(getCairn().api).then(
      (page) => {
        if (!current) return;
        nextOffset.current = page.nextOffset;
        setEntries(page.entries);
      },
      (error: unknown) => current && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, []);

  const showMore = useCallback(async () => {
    const offset = nextOffset.current;
    if (offset === null) return;
    setMore({ loading: true, failed: false });
    try {
      const page = await loadTrailPage(getCairn().api, offset);
      nextOffset.current = page.nextOffset;
      setEntries((shown) => appendPage(shown ?? [], page.entries, (entry) => entry.id));
      setMore({ loading: false, failed: false });
    } catch {
      setMore({ loading: false, failed: true });
    }
  }, []);

  return { entries, failed, more, hasMore: nextOffset.current !== null, showMore };
}

import { useEffect, useState } from 'react';
import { getCairn } from '@cairn/frontend-shared';
import { fetchRecentSearches, fetchSavedChecklists, type RecentSearchCard, type SavedChecklistCard } from './sidebar.resource';

export interface ListState<T> {
  loading: boolean;
  items: T[];
}

const LOADING = { loading: true, items: [] };
const EMPTY = { loading: false, items: [] };

/** Loads one list for the user; a failure (including a 404 while the service is absent) is logged and shown as empty. */
function useUserList<T>(
  uid: string | null,
  label: string,
  load: (uid: string, signal: AbortSignal) => Promise<T[]>,
): ListState<T> {
  const [state, setState] = useState<ListState<T>>(uid ? LOADING : EMPTY);

  useEffect(() => {
    if (!uid) {
      setState(EMPTY);
      return;
    }
    const controller = new AbortController();
    setState(LOADING);
    load(uid, controller.signal).then(
      (items) => setState({ loading: false, items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`[cairn/sidebar] ${label} could not be loaded; showing none`, error);
        setState(EMPTY);
      },
    );
    return () => controller.abort();
  }, [uid, label, load]);

  return state;
}

const loadSaved = (uid: string, signal: AbortSignal) => fetchSavedChecklists(getCairn().api, uid, signal);
const loadRecent = (uid: string, signal: AbortSignal) => fetchRecentSearches(getCairn().api, uid, signal);

export function useSidebarLists(uid: string | null): {
  saved: ListState<SavedChecklistCard>;
  recent: ListState<RecentSearchCard>;
} {
  return {
    saved: useUserList(uid, 'saved checklists', loadSaved),
    recent: useUserList(uid, 'recent searches', loadRecent),
  };
}

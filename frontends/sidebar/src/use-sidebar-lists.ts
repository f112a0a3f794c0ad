import { useCallback, useEffect, useState } from 'react';
import { getCairn, useCairnEvent } from '@cairn/frontend-shared';
import {
  fetchRecentSearches,
  fetchSavedChecklists,
  savedChecklistCardFrom,
  withSavedChecklist,
  withoutSavedChecklist,
  type RecentSearchCard,
  type SavedChecklistCard,
} from './sidebar.resource';

export interface ListState<T> {
  loading: boolean;
  items: T[];
}

interface OwnedList<T> extends ListState<T> {
  /** The user whose items these are; a refresh for the same user keeps them on screen. */
  owner: string | null;
}

const loadingFor = (owner: string | null) => ({ loading: true, items: [], owner });
const emptyFor = (owner: string | null) => ({ loading: false, items: [], owner });

/** Loads one list for the user; a failure (including a 404 while the service is absent) is logged and shown as empty. */
function useUserList<T>(uid: string | null, label: string, load: (uid: string, signal: AbortSignal) => Promise<T[]>) {
  const [state, setState] = useState<OwnedList<T>>(() => (uid ? loadingFor(uid) : emptyFor(null)));
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!uid) {
      setState(emptyFor(null));
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.owner === uid && !current.loading ? current : loadingFor(uid)));
    load(uid, controller.signal).then(
      (items) => setState({ loading: false, items, owner: uid }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`[cairn/sidebar] ${label} could not be loaded; showing none`, error);
        setState(emptyFor(uid));
      },
    );
    return () => controller.abort();
  }, [uid, label, load, generation]);

  const reload = useCallback(() => setGeneration((count) => count + 1), []);
  const update = useCallback((change: (items: T[]) => T[]) => setState((current) => ({ ...current, items: change(current.items) })), []);
  return { list: { loading: state.loading, items: state.items } as ListState<T>, reload, update };
}

const loadSaved = (uid: string, signal: AbortSignal) => fetchSavedChecklists(getCairn().api, uid, signal);
const loadRecent = (uid: string, signal: AbortSignal) => fetchRecentSearches(getCairn().api, uid, signal);

/** The two lists, kept current with what the chat reports through the app's event channel. */
export function useSidebarLists(uid: string | null): {
  saved: ListState<SavedChecklistCard>;
  recent: ListState<RecentSearchCard>;
} {
  const saved = useUserList(uid, 'saved checklists', loadSaved);
  const recent = useUserList(uid, 'recent searches', loadRecent);

  useCairnEvent('saved-protocol-added', (summary) => saved.update((cards) => withSavedChecklist(cards, savedChecklistCardFrom(summary))));
  useCairnEvent('saved-protocol-removed', ({ id }) => saved.update((cards) => withoutSavedChecklist(cards, id)));
  useCairnEvent('conversations-changed', () => recent.reload());

  return { saved: saved.list, recent: recent.list };
}

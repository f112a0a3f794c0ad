import { useCallback, useEffect, useState } from 'react';
import { cairnEvents, dialogs, getCairn, useCairnEvent } from '@cairn/frontend-shared';
import { optimisticEdit } from './optimistic-edit';
import { SidebarTexts } from './sidebar-texts';
import {
  deleteConversation,
  renameConversation,
  renameSavedChecklist,
  unstarSavedChecklist,
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

const alert = (message: string) => dialogs.alert({ title: 'Cairn', message });

export interface SidebarActions {
  renameSaved(id: string, title: string): void;
  unstar(id: string): void;
  renameRecent(id: string, title: string): void;
  deleteRecent(id: string): void;
}

/** The two lists, kept current with what the chat reports through the app's event channel, and their edits. */
export function useSidebarLists(uid: string | null): {
  saved: ListState<SavedChecklistCard>;
  recent: ListState<RecentSearchCard>;
  actions: SidebarActions;
} {
  const saved = useUserList(uid, 'saved checklists', loadSaved);
  const recent = useUserList(uid, 'recent searches', loadRecent);

  useCairnEvent('saved-protocol-added', (summary) => saved.update((cards) => withSavedChecklist(cards, savedChecklistCardFrom(summary))));
  useCairnEvent('saved-protocol-removed', ({ id }) => saved.update((cards) => withoutSavedChecklist(cards, id)));
  useCairnEvent('conversations-changed', () => recent.reload());

  const api = () => getCairn().api;
  const retitle = <T extends { id: string; title: string }>(id: string, title: string) => (cards: T[]) => cards.map((card) => (card.id === id ? { ...card, title } : card));
  const actions: SidebarActions = {
    renameSaved: (id, title) =>
      uid && void optimisticEdit({ update: saved.update, change: retitle(id, title), call: () => renameSavedChecklist(api(), uid, id, title), alert, failure: SidebarTexts.renameProtocolFailed }),
    unstar: (id) =>
      uid &&
      void optimisticEdit({ update: saved.update, change: (cards) => withoutSavedChecklist(cards, id), call: () => unstarSavedChecklist(api(), uid, id), alert, failure: SidebarTexts.removeProtocolFailed }).then(
        (ok) => ok && cairnEvents.emit('saved-protocol-removed', { id }),
      ),
    renameRecent: (id, title) =>
      uid && void optimisticEdit({ update: recent.update, change: retitle(id, title), call: () => renameConversation(api(), uid, id, title), alert, failure: SidebarTexts.renameConversationFailed }),
    deleteRecent: (id) =>
      uid &&
      void optimisticEdit({ update: recent.update, change: (cards) => cards.filter((card) => card.id !== id), call: () => deleteConversation(api(), uid, id), alert, failure: SidebarTexts.deleteConversationFailed }).then(
        (ok) => ok && cairnEvents.emit('conversation-deleted', { conversationId: id }),
      ),
  };
  return { saved: saved.list, recent: recent.list, actions };
}

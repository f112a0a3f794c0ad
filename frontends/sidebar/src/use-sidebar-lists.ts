import { useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, cairnEvents, dialogs, getCairn, useCairnEvent } from '@cairn/frontend-shared';
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
  type ListPage,
  type RecentSearchCard,
  type SavedChecklistCard,
} from './sidebar.resource';

export interface ListState<T> {
  loading: boolean;
  items: T[];
  /** More items remain on the server than are shown. */
  hasMore: boolean;
  /** The next page is loading, or failed to (the items shown stay). */
  more: { loading: boolean; failed: boolean };
  showMore: () => void;
}

interface OwnedList<T> {
  loading: boolean;
  items: T[];
  hasMore: boolean;
  more: { loading: boolean; failed: boolean };
  /** The user whose items these are; a refresh for the same user keeps them on screen. */
  owner: string | null;
}

type LoadPage<T> = (uid: string, offset: number, signal: AbortSignal) => Promise<ListPage<T>>;

const idle = { loading: false, failed: false };
const loadingFor = <T>(owner: string | null): OwnedList<T> => ({ loading: true, items: [], hasMore: false, more: idle, owner });
const emptyFor = <T>(owner: string | null): OwnedList<T> => ({ loading: false, items: [], hasMore: false, more: idle, owner });

/**
 * Loads one list for the user a page at a time; a failure of the first page (including a 404 while the
 * service is absent) is logged and shown as empty, a failure of a later page keeps what is shown.
 */
function useUserList<T extends { id: string }>(uid: string | null, label: string, load: LoadPage<T>) {
  const [state, setState] = useState<OwnedList<T>>(() => (uid ? loadingFor(uid) : emptyFor(null)));
  const [generation, setGeneration] = useState(0);
  const pageRequest = useRef<AbortController | null>(null);

  useEffect(() => {
    pageRequest.current?.abort();
    if (!uid) {
      setState(emptyFor(null));
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.owner === uid && !current.loading ? { ...current, more: idle } : loadingFor(uid)));
    load(uid, 0, controller.signal).then(
      (page) => setState({ loading: false, items: page.items, hasMore: page.nextOffset !== null, more: idle, owner: uid }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`[cairn/sidebar] ${label} could not be loaded; showing none`, error);
        setState(emptyFor(uid));
      },
    );
    return () => controller.abort();
  }, [uid, label, load, generation]);

  useEffect(() => () => pageRequest.current?.abort(), []);

  /** The next page starts after the items shown: local adds and deletes changed the server's list the same way. */
  const showMore = useCallback(() => {
    if (!uid || state.more.loading || !state.hasMore) return;
    const controller = new AbortController();
    pageRequest.current = controller;
    setState((current) => ({ ...current, more: { loading: true, failed: false } }));
    load(uid, state.items.length, controller.signal).then(
      (page) => setState((current) => ({ ...current, items: appendPage(current.items, page.items, (item) => item.id), hasMore: page.nextOffset !== null, more: idle })),
      () => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, more: { loading: false, failed: true } }));
      },
    );
  }, [uid, load, state.more.loading, state.hasMore, state.items.length]);

  const reload = useCallback(() => setGeneration((count) => count + 1), []);
  const update = useCallback((change: (items: T[]) => T[]) => setState((current) => ({ ...current, items: change(current.items) })), []);
  const list: ListState<T> = { loading: state.loading, items: state.items, hasMore: state.hasMore, more: state.more, showMore };
  return { list, reload, update };
}

const loadSaved: LoadPage<SavedChecklistCard> = (uid, offset, signal) => fetchSavedChecklists(getCairn().api, uid, signal, offset);
const loadRecent: LoadPage<RecentSearchCard> = (uid, offset, signal) => fetchRecentSearches(getCairn().api, uid, signal, offset);

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

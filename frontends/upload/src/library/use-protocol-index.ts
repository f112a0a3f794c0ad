import { useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, cairnEvents, toasts, useCairnEvent } from '@cairn/frontend-shared';
import { deleteAllProtocols, deleteProtocol, listFirstProtocols, listProtocols, regenerateProtocol, renameProtocol, type UploadedProtocol } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';
import { dropProtocolCache, readProtocolCache, writeProtocolCache } from './protocol-cache';

/** docs/product-spec.md §9: the uploaded protocols are fetched 20 at a time; a regenerated one refreshes the list after 2 s. */
export const UPLOADED_FETCH_SIZE = 20;
export const REGENERATED_REFRESH_MS = 2_000;

const texts = UploadTexts.library;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type IndexList = { protocols: UploadedProtocol[]; total: number };

export function useProtocolIndex(uid: string | null) {
  const [list, setList] = useState<IndexList | null>(() => (uid ? readProtocolCache(uid) : null));
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState({ loading: false, failed: false });
  const shown = useRef(list);
  /** Bumped by every reload, so a page asked for before it is dropped rather than appended to the new list. */
  const generation = useRef(0);

  const apply = useCallback(
    (next: IndexList) => {
      shown.current = next;
      setList(next);
      if (uid) writeProtocolCache(uid, next);
    },
    [uid],
  );

  /** Loads the first page, or again as many protocols as are shown (so a refresh keeps the pages the user opened). */
  const reload = useCallback(
    async (count: number) => {
      if (!uid) return;
      const asked = ++generation.current;
      setMore({ loading: false, failed: false });
      try {
        const next = await listFirstProtocols(uid, count);
        if (asked !== generation.current) return;
        apply(next);
        setFailed(false);
      } catch (error) {
        if (asked !== generation.current) return;
        setFailed(true);
        toasts.show({ type: 'error', title: texts.loadFailed, message: messageOf(error) });
      }
    },
    [uid, apply],
  );

  const refresh = useCallback(() => reload(Math.max(UPLOADED_FETCH_SIZE, shown.current?.protocols.length ?? 0)), [reload]);

  useEffect(() => {
    const cached = uid ? readProtocolCache(uid) : null;
    shown.current = cached;
    setList(cached);
    void reload(UPLOADED_FETCH_SIZE);
  }, [uid, reload]);

  useCairnEvent('uploaded-protocols-changed', () => {
    if (uid) dropProtocolCache(uid);
    void refresh();
  });

  /** The next page after the protocols shown; a failure keeps them and offers a retry. */
  const showMore = async () => {
    const before = shown.current;
    if (!uid || !before || more.loading) return;
    const asked = generation.current;
    setMore({ loading: true, failed: false });
    try {
      const page = await listProtocols(uid, UPLOADED_FETCH_SIZE, before.protocols.length);
      if (asked !== generation.current) return;
      const current = shown.current ?? before;
      apply({ protocols: appendPage(current.protocols, page.protocols, (protocol) => protocol.id), total: page.total });
      setMore({ loading: false, failed: false });
    } catch {
      if (asked === generation.current) setMore({ loading: false, failed: true });
    }
  };

  /** Optimistic edit: the list changes first and is restored if the call fails. */
  const optimistic = async (next: { protocols: UploadedProtocol[]; total: number }, call: () => Promise<unknown>, failureTitle: string) => {
    const before = list;
    apply(next);
    try {
      await call();
      cairnEvents.emit('uploaded-protocols-changed', { total: next.total });
    } catch (error) {
      if (before) apply(before);
      toasts.show({ type: 'error', title: failureTitle, message: messageOf(error) });
    }
  };

  const current = list ?? { protocols: [], total: 0 };
  return {
    list,
    failed,
    refresh,
    /** More protocols remain on the server than are shown. */
    hasMore: !!list && list.protocols.length < list.total,
    more,
    showMore,
    rename: (protocolId: string, title: string) =>
      uid &&
      optimistic(
        { ...current, protocols: current.protocols.map((protocol) => (protocol.id === protocolId ? { ...protocol, title } : protocol)) },
        () => renameProtocol(uid, protocolId, title),
        texts.renameFailed,
      ),
    remove: (protocolId: string) =>
      uid &&
      optimistic(
        { protocols: current.protocols.filter((protocol) => protocol.id !== protocolId), total: Math.max(0, current.total - 1) },
        () => deleteProtocol(uid, protocolId),
        texts.deleteFailed,
      ),
    removeAll: () => uid && optimistic({ protocols: [], total: 0 }, () => deleteAllProtocols(uid), texts.deleteFailed),
    regenerate: async (protocolId: string, instructions: string) => {
      if (!uid) return;
      try {
        await regenerateProtocol(uid, protocolId, instructions);
      } catch (error) {
        toasts.show({ type: 'error', title: UploadTexts.regenerate.failed, message: messageOf(error) });
        throw error;
      }
      setTimeout(() => void refresh(), REGENERATED_REFRESH_MS);
    },
  };
}

import { useCallback, useEffect, useState } from 'react';
import { cairnEvents, toasts, useCairnEvent } from '@cairn/frontend-shared';
import { deleteAllProtocols, deleteProtocol, listProtocols, regenerateProtocol, renameProtocol, type UploadedProtocol } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';
import { dropProtocolCache, readProtocolCache, writeProtocolCache } from './protocol-cache';

/** Spec §9: the uploaded protocols are fetched 20 at a time; a regenerated one refreshes the list after 2 s. */
export const UPLOADED_FETCH_SIZE = 20;
export const REGENERATED_REFRESH_MS = 2_000;

const texts = UploadTexts.library;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useProtocolIndex(uid: string | null) {
  const [list, setList] = useState<{ protocols: UploadedProtocol[]; total: number } | null>(() => (uid ? readProtocolCache(uid) : null));
  const [failed, setFailed] = useState(false);
  const [size, setSize] = useState(UPLOADED_FETCH_SIZE);

  const apply = useCallback(
    (next: { protocols: UploadedProtocol[]; total: number }) => {
      setList(next);
      if (uid) writeProtocolCache(uid, next);
    },
    [uid],
  );

  const refresh = useCallback(async () => {
    if (!uid) return;
    try {
      apply(await listProtocols(uid, size));
      setFailed(false);
    } catch (error) {
      setFailed(true);
      toasts.show({ type: 'error', title: texts.loadFailed, message: messageOf(error) });
    }
  }, [uid, apply, size]);

  useEffect(() => {
    setList(uid ? readProtocolCache(uid) : null);
    void refresh();
  }, [uid, refresh]);

  useCairnEvent('uploaded-protocols-changed', () => {
    if (uid) dropProtocolCache(uid);
    void refresh();
  });

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
    /** The next 20 protocols, when the index holds more than are shown. */
    showMore: () => setSize((current) => current + UPLOADED_FETCH_SIZE),
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

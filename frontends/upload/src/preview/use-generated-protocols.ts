import { useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, cairnEvents, toasts } from '@cairn/frontend-shared';
import { uploadSession } from '../job/upload-store';
import { approveUpload, deletePreview, loadPreview, regenerateUpload, type PreviewPage, type UploadedProtocol } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';
import { pollRegeneratedPreview } from './preview-polling';

/** docs/product-spec.md §9: after approval the index refreshes after 2 s and the preview after 3 s. */
export const APPROVE_REFRESH_MS = 2_000;
export const PREVIEW_REFRESH_MS = 3_000;
/** The generated protocols are read 20 at a time, as the protocol index is; 'Show more' reads the next 20. */
export const PREVIEW_PAGE_SIZE = 20;

export type PreviewState =
  | { kind: 'loading' }
  | { kind: 'ready'; protocols: UploadedProtocol[]; total: number }
  | { kind: 'regenerating' }
  | { kind: 'approved'; indexed: number }
  | { kind: 'failed'; message: string };

export function useGeneratedProtocols(uid: string | null, uploadId: string) {
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const [approveError, setApproveError] = useState<string | null>(null);
  const [approving, setApproving] = useState(false);
  const [more, setMore] = useState({ loading: false, failed: false });
  const shown = useRef(state);
  shown.current = state;
  const stopPolling = useRef<() => void>(() => undefined);
  /** Bumped whenever the list is read again, so a page asked for before is dropped rather than appended. */
  const generation = useRef(0);

  const showFirstPage = useCallback(
    (preview: PreviewPage) => {
      generation.current++;
      setMore({ loading: false, failed: false });
      cairnEvents.emit('generated-protocols-changed', { uploadId, count: preview.total });
      setState({ kind: 'ready', protocols: preview.protocols, total: preview.total });
    },
    [uploadId],
  );

  const reload = useCallback(async () => {
    if (!uid) return;
    try {
      const preview = await loadPreview(uid, uploadId, PREVIEW_PAGE_SIZE);
      if (shown.current.kind === 'approved' && preview.total === 0) return;
      if (preview.status === 'processing' && preview.total === 0) return setState({ kind: 'regenerating' });
      showFirstPage(preview);
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, [uid, uploadId, showFirstPage]);

  useEffect(() => {
    void reload();
    return () => stopPolling.current();
  }, [reload]);

  const approve = async () => {
    if (!uid || approving) return;
    setApproving(true);
    setApproveError(null);
    try {
      const indexed = await approveUpload(uid, uploadId);
      if (uploadSession.current().uploadId === uploadId) uploadSession.approved(indexed);
      setState({ kind: 'approved', indexed });
      cairnEvents.emit('generated-protocols-changed', { uploadId, count: 0 });
      setTimeout(() => cairnEvents.emit('uploaded-protocols-changed', {}), APPROVE_REFRESH_MS);
      setTimeout(() => void reload(), PREVIEW_REFRESH_MS);
    } catch {
      setApproveError(UploadTexts.preview.approveFailed);
    } finally {
      setApproving(false);
    }
  };

  const regenerate = async (instructions: string) => {
    if (!uid) return;
    try {
      await regenerateUpload(uid, uploadId, instructions);
    } catch (error) {
      toasts.show({ type: 'error', title: UploadTexts.regenerate.failed, message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    uploadSession.regenerating(uploadId);
    setState({ kind: 'regenerating' });
    stopPolling.current();
    // The preview is read until the upload has finished regenerating, so a page half written is never shown as the whole.
    let latest: PreviewPage | null = null;
    stopPolling.current = pollRegeneratedPreview(
      async () => {
        latest = await loadPreview(uid, uploadId, PREVIEW_PAGE_SIZE);
        return latest.status === 'processing' ? [] : [latest];
      },
      (settled) => {
        if (settled) return showFirstPage(settled[0]);
        if (latest && latest.total > 0) showFirstPage(latest);
        toasts.show({ type: 'info', title: UploadTexts.preview.regenerationInProgress, message: UploadTexts.preview.regenerationInProgressMessage });
      },
    );
  };

  const clearAll = async () => {
    if (!uid || state.kind !== 'ready' || state.protocols.length === 0) return;
    try {
      await deletePreview(uid, uploadId);
    } catch (error) {
      toasts.show({ type: 'error', title: UploadTexts.library.deleteFailed, message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (uploadSession.current().uploadId === uploadId) uploadSession.reset();
    cairnEvents.emit('upload-tab-close', { uploadId });
  };

  /** The next page after the protocols shown; a failure keeps them and offers a retry. */
  const showMore = async () => {
    if (!uid || state.kind !== 'ready' || more.loading) return;
    const asked = generation.current;
    setMore({ loading: true, failed: false });
    try {
      const page = await loadPreview(uid, uploadId, PREVIEW_PAGE_SIZE, state.protocols.length);
      if (asked !== generation.current) return;
      setState((current) => (current.kind === 'ready' ? { kind: 'ready', protocols: appendPage(current.protocols, page.protocols, (protocol) => protocol.id), total: page.total } : current));
      setMore({ loading: false, failed: false });
    } catch {
      if (asked === generation.current) setMore({ loading: false, failed: true });
    }
  };

  const hasMore = state.kind === 'ready' && state.protocols.length < state.total;
  return { state, approving, approveError, approve, regenerate, clearAll, reload, more, hasMore, showMore };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { cairnEvents, toasts } from '@cairn/frontend-shared';
import { uploadSession } from '../job/upload-store';
import { approveUpload, deletePreview, loadPreview, regenerateUpload, type UploadedProtocol } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';
import { pollRegeneratedPreview } from './preview-polling';

/** docs/product-spec.md §9: after approval the index refreshes after 2 s and the preview after 3 s. */
export const APPROVE_REFRESH_MS = 2_000;
export const PREVIEW_REFRESH_MS = 3_000;

export type PreviewState =
  | { kind: 'loading' }
  | { kind: 'ready'; protocols: UploadedProtocol[] }
  | { kind: 'regenerating' }
  | { kind: 'approved'; indexed: number }
  | { kind: 'failed'; message: string };

export function useGeneratedProtocols(uid: string | null, uploadId: string) {
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const [approveError, setApproveError] = useState<string | null>(null);
  const [approving, setApproving] = useState(false);
  const stopPolling = useRef<() => void>(() => undefined);

  const reload = useCallback(async () => {
    if (!uid) return;
    try {
      const preview = await loadPreview(uid, uploadId);
      setState((current) => {
        if (current.kind === 'approved' && preview.protocols.length === 0) return current;
        if (preview.status === 'processing' && preview.protocols.length === 0) return { kind: 'regenerating' };
        cairnEvents.emit('generated-protocols-changed', { uploadId, count: preview.protocols.length });
        return { kind: 'ready', protocols: preview.protocols };
      });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, [uid, uploadId]);

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
    stopPolling.current = pollRegeneratedPreview(
      async () => (await loadPreview(uid, uploadId)).protocols,
      (protocols) => {
        if (protocols) {
          cairnEvents.emit('generated-protocols-changed', { uploadId, count: protocols.length });
          return setState({ kind: 'ready', protocols });
        }
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

  return { state, approving, approveError, approve, regenerate, clearAll, reload };
}

import { useState } from 'react';
import { cairnEvents, dialogs, getCairn, libraryAccess, toasts, useHospitalLibrary, type LibraryProtocol } from '@cairn/frontend-shared';
import { UploadTexts } from '../upload-texts';
import { publishProtocol, publishUpload, renameLibraryProtocol, unpublishProtocol } from './hospital-library.resource';

const texts = UploadTexts.hospital;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The hospital library as the upload screens use it: who may publish, what is published, and the calls with their toasts. */
export function useHospitalPublishing() {
  const library = useHospitalLibrary();
  const access = libraryAccess(library);
  const organisation = library?.organisation?.name ?? '';
  /** Ids (protocol or upload) with a call under way. */
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  /** Runs one call for `key`; its message goes in a success toast titled `titles.done`, a failure in one titled `titles.failed`. */
  const run = async (key: string, call: () => Promise<string>, titles: { done: string; failed: string }): Promise<boolean> => {
    if (busy.has(key)) return false;
    setBusy((current) => new Set(current).add(key));
    try {
      const message = await call();
      cairnEvents.emit('hospital-library-changed', {});
      toasts.show({ type: 'success', title: titles.done, message });
      return true;
    } catch (error) {
      toasts.show({ type: 'error', title: titles.failed, message: messageOf(error) });
      return false;
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const publishing = { done: texts.published, failed: texts.publishFailed };
  const unpublishing = { done: texts.unpublished, failed: texts.unpublishFailed };

  return {
    library,
    access,
    organisation,
    busy,
    /** Publishes the protocol, or replaces its copy with it as it is now (`replacing`). */
    publish: (protocolId: string, title: string, replacing = false) =>
      run(protocolId, async () => {
        await publishProtocol(getCairn().api, protocolId);
        return replacing ? texts.updatedMessage(title, organisation) : texts.publishedMessage(title, organisation);
      }, replacing ? { ...publishing, done: texts.updated } : publishing),
    publishUpload: (uploadId: string) =>
      run(uploadId, async () => texts.publishedAllMessage(await publishUpload(getCairn().api, uploadId), organisation), publishing),
    rename: (protocolId: string, copy: LibraryProtocol, title: string) =>
      run(protocolId, async () => {
        await renameLibraryProtocol(getCairn().api, copy.id, title);
        return texts.renamedMessage(title, organisation);
      }, { done: texts.renamed, failed: texts.renameFailed }),
    unpublish: async (protocolId: string, copy: LibraryProtocol) => {
      const confirmed = await dialogs.confirm({ title: texts.confirmUnpublishTitle, message: texts.confirmUnpublishMessage(copy.title, organisation), confirmLabel: texts.unpublish, danger: true });
      if (!confirmed) return false;
      return run(protocolId, async () => {
        await unpublishProtocol(getCairn().api, copy.id);
        return texts.unpublishedMessage(copy.title, organisation);
      }, unpublishing);
    },
  };
}

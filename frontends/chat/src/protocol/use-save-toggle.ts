import { useEffect, useRef, useState } from 'react';
import { cairnEvents, getCairn, savedProtocolId, useCairnEvent, useCurrentUser } from '@cairn/frontend-shared';
import type { ProtocolData } from './protocol';
import { needsSavedLookup, saveToggleAction, savedSummary } from './save-toggle';
import { isProtocolSaved, saveProtocol, unsaveProtocol } from './saved-protocols.resource';

export interface SaveToggleOptions {
  /** The card shows a protocol known to be saved, e.g. one opened from Saved Checklists. */
  markedSaved?: boolean;
  onUnsaved?: () => void;
}

/** docs/product-spec.md §4 protocol save toggle. Failures are only logged (docs/product-spec.md §8). */
export function useSaveToggle(protocol: ProtocolData, { markedSaved = false, onUnsaved }: SaveToggleOptions = {}) {
  const uid = useCurrentUser()?.uid ?? null;
  const protocolId = savedProtocolId(protocol.title);
  const [saved, setSaved] = useState(markedSaved);
  const [busy, setBusy] = useState(false);
  const busyNow = useRef(false);

  useEffect(() => {
    if (!uid || !needsSavedLookup({ markedSaved, signedIn: true })) return;
    const controller = new AbortController();
    isProtocolSaved(getCairn().api, uid, protocolId, controller.signal).then(
      (isSaved) => {
        if (!controller.signal.aborted && !busyNow.current) setSaved(isSaved);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('[cairn/chat] the saved state could not be checked', error);
      },
    );
    return () => controller.abort();
  }, [uid, protocolId, markedSaved]);

  // Another card of the same protocol, or the sidebar, may change its saved state.
  useCairnEvent('saved-protocol-added', ({ id }) => {
    if (id === protocolId) setSaved(true);
  });
  useCairnEvent('saved-protocol-removed', ({ id }) => {
    if (id === protocolId) setSaved(false);
  });

  const toggle = async () => {
    const action = saveToggleAction({ saved, busy: busyNow.current, signedIn: uid !== null });
    if (action === 'ignore' || !uid) return;
    busyNow.current = true;
    setBusy(true);
    try {
      if (action === 'save') {
        const result = await saveProtocol(getCairn().api, uid, protocol);
        setSaved(true);
        cairnEvents.emit('saved-protocol-added', savedSummary(result.protocolId ?? protocolId, protocol, new Date()));
      } else {
        await unsaveProtocol(getCairn().api, uid, protocolId);
        setSaved(false);
        cairnEvents.emit('saved-protocol-removed', { id: protocolId });
        onUnsaved?.();
      }
    } catch (error) {
      console.warn(`[cairn/chat] the protocol could not be ${action === 'save' ? 'saved' : 'unsaved'}`, error);
    } finally {
      busyNow.current = false;
      setBusy(false);
    }
  };

  return { saved, busy, signedIn: uid !== null, toggle };
}

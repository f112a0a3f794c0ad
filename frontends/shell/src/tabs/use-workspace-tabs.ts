import { useEffect, useState } from 'react';
import { useCairnEvent } from '@cairn/frontend-shared';
import { TABS_PERSIST_DELAY_MS, TABS_STORAGE_KEY, closeConversation, closeGeneratedTab, closeSavedChecklist, openSavedChecklist, openTopic, countGenerated, freshWorkspace, openConversation, openUploadTab, restoreWorkspace, serialiseWorkspace, type WorkspaceState } from './workspace-tabs';

function initialWorkspace(initialQuery: string): WorkspaceState {
  const restored = restoreWorkspace(window.localStorage.getItem(TABS_STORAGE_KEY));
  if (!restored) return freshWorkspace(undefined, initialQuery);
  if (!initialQuery) return restored;
  const fresh = freshWorkspace(undefined, initialQuery);
  return { tabs: [...restored.tabs, ...fresh.tabs], activeId: fresh.activeId };
}

/** The dashboard's tabs: restored at start, persisted 300 ms after a change, opened and closed by the upload remote too. */
export function useWorkspaceTabs(initialQuery: string) {
  const [workspace, setWorkspace] = useState(() => initialWorkspace(initialQuery));

  useEffect(() => {
    const timer = window.setTimeout(() => {
      try {
        window.localStorage.setItem(TABS_STORAGE_KEY, serialiseWorkspace(workspace));
      } catch (error) {
        console.warn('[cairn] the tabs could not be saved', error);
      }
    }, TABS_PERSIST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [workspace]);

  useCairnEvent('upload-tab-open', (request) => setWorkspace((current) => openUploadTab(current, request)));
  useCairnEvent('generated-protocols-changed', ({ uploadId, count }) => setWorkspace((current) => countGenerated(current, uploadId, count)));
  useCairnEvent('conversation-open', ({ conversationId, title }) => setWorkspace((current) => openConversation(current, conversationId, title)));
  useCairnEvent('chat-tab-open', ({ title, query }) => setWorkspace((current) => openTopic(current, title, query)));
  useCairnEvent('saved-protocol-open', ({ id, title }) => setWorkspace((current) => openSavedChecklist(current, id, title)));
  useCairnEvent('saved-protocol-removed', ({ id }) => setWorkspace((current) => closeSavedChecklist(current, id)));
  useCairnEvent('conversation-deleted', ({ conversationId }) => setWorkspace((current) => closeConversation(current, conversationId)));
  useCairnEvent('upload-tab-close', ({ uploadId }) => setWorkspace((current) => closeGeneratedTab(current, uploadId)));

  return [workspace, setWorkspace] as const;
}

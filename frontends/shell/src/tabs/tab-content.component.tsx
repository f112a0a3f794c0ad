import { useCallback } from 'react';
import type { ChatModuleProps, UploadModuleProps } from '@cairn/frontend-shared';
import { RemoteSlot } from '../remotes/remote-slot.component';
import type { WorkspaceTab } from './workspace-tabs';

/** What a tab shows: its own chat remote, or the upload remote's preview or index. */
export function TabContent({ tab, onTitleChange }: { tab: WorkspaceTab; onTitleChange: (id: string, title: string) => void }) {
  const changeTitle = useCallback((title: string) => onTitleChange(tab.id, title), [onTitleChange, tab.id]);
  if (tab.kind === 'chat') {
    const chatProps: ChatModuleProps = { initialQuery: tab.initialQuery, onTitleChange: changeTitle };
    return <RemoteSlot instanceKey={tab.id} remote="chat" title="chat" moduleProps={chatProps} />;
  }
  const uploadProps: UploadModuleProps = tab.kind === 'protocol-index' ? { view: 'index' } : { view: 'preview', uploadId: tab.uploadId };
  return <RemoteSlot instanceKey={tab.id} remote="upload" title="upload" moduleProps={uploadProps} />;
}

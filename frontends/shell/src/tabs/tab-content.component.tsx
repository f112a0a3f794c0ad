import { useCallback } from 'react';
import type { ChatModuleProps, UploadModuleProps } from '@cairn/frontend-shared';
import { RemoteSlot } from '../remotes/remote-slot.component';
import type { WorkspaceTab } from './workspace-tabs';

/** What a tab shows: its own chat remote, or the upload remote's preview or index. */
interface TabContentProps {
  tab: WorkspaceTab;
  onTitleChange: (id: string, title: string) => void;
  onConversationSaved: (id: string, conversationId: string) => void;
}

export function TabContent({ tab, onTitleChange, onConversationSaved }: TabContentProps) {
  const changeTitle = useCallback((title: string) => onTitleChange(tab.id, title), [onTitleChange, tab.id]);
  const conversationSaved = useCallback((conversationId: string) => onConversationSaved(tab.id, conversationId), [onConversationSaved, tab.id]);
  if (tab.kind === 'chat') {
    const chatProps: ChatModuleProps = { initialQuery: tab.initialQuery, autoSend: tab.autoSend, onTitleChange: changeTitle, conversationId: tab.conversationId, savedProtocolId: tab.savedProtocolId, onConversationSaved: conversationSaved };
    return <RemoteSlot instanceKey={tab.id} remote="chat" title="chat" moduleProps={chatProps} />;
  }
  const uploadProps: UploadModuleProps = tab.kind === 'protocol-index' ? { view: 'index' } : { view: 'preview', uploadId: tab.uploadId };
  return <RemoteSlot instanceKey={tab.id} remote="upload" title="upload" moduleProps={uploadProps} />;
}

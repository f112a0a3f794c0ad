import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ChatModuleProps, UploadModuleProps } from '@cairn/frontend-shared';
import { RemoteSlot } from '../remotes/remote-slot.component';
import { dashboardQuery } from '../routing/route-guard';
import { useDocumentTitle } from '../routing/use-document-title';
import { DashboardHeader } from './dashboard-header.component';
import { SidebarSlot } from './sidebar-slot.component';

export function DashboardPage() {
  // The browser tab names the protocol the chat last answered with.
  const [protocolTitle, setProtocolTitle] = useState('');
  useDocumentTitle(protocolTitle || 'Dashboard');
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  // Held in state: the router applies URL changes in a transition, after a new search has remounted the chat.
  const [chat, setChat] = useState(() => ({ generation: 0, initialQuery: dashboardQuery(location.search) }));
  const chatProps: ChatModuleProps = { initialQuery: chat.initialQuery, onTitleChange: setProtocolTitle };

  const startNewSearch = () => {
    setSearchParams({}, { replace: true });
    setChat((current) => ({ generation: current.generation + 1, initialQuery: '' }));
    setProtocolTitle('');
  };

  return (
    <div className="dashboard">
      <DashboardHeader />
      <div className="dashboard__body">
        <SidebarSlot onNewSearch={startNewSearch} />
        <main className="slot-chat" data-testid="slot-chat">
          <RemoteSlot instanceKey={chat.generation} remote="chat" title="chat" moduleProps={chatProps} />
        </main>
        <div className="slot-upload-overlay">
          <RemoteSlot remote="upload" title="upload" moduleProps={{ view: 'overlay' } satisfies UploadModuleProps} />
        </div>
      </div>
    </div>
  );
}

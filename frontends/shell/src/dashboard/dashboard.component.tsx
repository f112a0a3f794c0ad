import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { UploadModuleProps } from '@cairn/frontend-shared';
import { ProfileOverlay } from '../profile/profile-overlay.component';
import { RemoteSlot } from '../remotes/remote-slot.component';
import { ROUTES, dashboardQuery } from '../routing/route-guard';
import { useDocumentTitle } from '../routing/use-document-title';
import { TabBar } from '../tabs/tab-bar.component';
import { TabContent } from '../tabs/tab-content.component';
import { useWorkspaceTabs } from '../tabs/use-workspace-tabs';
import { NEW_TAB_TITLE, activate, closeAll, closeTab, freshWorkspace, openChat, renameTab, setConversation } from '../tabs/workspace-tabs';
import { DashboardHeader } from './dashboard-header.component';
import { SidebarSlot } from './sidebar-slot.component';

const UPLOAD_OVERLAY: UploadModuleProps = { view: 'overlay' };

export function DashboardPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const [workspace, setWorkspace] = useWorkspaceTabs(dashboardQuery(location.search));
  const [profileOpen, setProfileOpen] = useState(false);
  const active = workspace.tabs.find((tab) => tab.id === workspace.activeId) ?? workspace.tabs[0];
  // The browser tab names the protocol the active chat last answered with.
  useDocumentTitle(active.title === NEW_TAB_TITLE ? 'Dashboard' : active.title);

  const newSearch = () => {
    setSearchParams({}, { replace: true });
    setWorkspace((current) => openChat(current));
  };
  const changeTitle = useCallback((id: string, title: string) => setWorkspace((current) => renameTab(current, id, title)), [setWorkspace]);
  const conversationSaved = useCallback((id: string, conversationId: string) => setWorkspace((current) => setConversation(current, id, conversationId)), [setWorkspace]);

  return (
    <div className="dashboard">
      <DashboardHeader protocolTitle={active.kind === 'chat' && active.title !== NEW_TAB_TITLE ? active.title : null} onNewSearch={newSearch} />
      <div className="dashboard__body">
        <SidebarSlot onNewSearch={newSearch} onOpenProfile={() => setProfileOpen(true)} />
        <main className="slot-chat" data-testid="slot-chat">
          <TabBar
            workspace={workspace}
            onActivate={(id) => setWorkspace((current) => activate(current, id))}
            onClose={(id) => setWorkspace((current) => closeTab(current, id))}
            onCloseAll={() => setWorkspace(closeAll())}
            onNew={newSearch}
          />
          {workspace.tabs.map((tab) => (
            <section key={tab.id} id={`${tab.id}-panel`} role="tabpanel" aria-labelledby={`${tab.id}-tab`} className="tab-panel" hidden={tab.id !== active.id}>
              <TabContent tab={tab} onTitleChange={changeTitle} onConversationSaved={conversationSaved} />
            </section>
          ))}
        </main>
        <div className="slot-upload-overlay">
          <RemoteSlot remote="upload" title="upload" moduleProps={UPLOAD_OVERLAY} />
        </div>
      </div>
      {profileOpen && (
        <ProfileOverlay
          generatedCount={workspace.tabs.reduce((sum, tab) => sum + (tab.kind === 'generated-protocols' ? (tab.count ?? 0) : 0), 0)}
          onClose={() => setProfileOpen(false)}
          onLoggedOut={() => {
            setWorkspace(freshWorkspace());
            navigate(ROUTES.home, { replace: true });
          }}
        />
      )}
    </div>
  );
}

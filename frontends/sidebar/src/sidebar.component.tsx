import { Button, IconButton, useCurrentUser, userLabel, type SidebarModuleProps } from '@cairn/frontend-shared';
import { RecentSearchItem, SavedChecklistItem } from './sidebar-cards.component';
import { SidebarSection } from './sidebar-section.component';
import { useSidebarLists } from './use-sidebar-lists';
import './sidebar.css';

function ProfileButton({ label, email, onOpen, compact }: { label: string; email: string; onOpen?: () => void; compact: boolean }) {
  const initial = label.charAt(0).toUpperCase() || '?';
  if (compact) {
    return <IconButton icon="user" label="Profile" disabled={!onOpen} onClick={onOpen} />;
  }
  return (
    <button type="button" className="profile-button" disabled={!onOpen} onClick={onOpen} aria-label={`Profile: ${label}`}>
      <span className="avatar" aria-hidden="true">
        {initial}
      </span>
      <span className="profile-button__text">
        <span className="profile-button__name">{label}</span>
        <span className="profile-button__email">{email}</span>
      </span>
    </button>
  );
}

export default function SidebarModule({ collapsed, onNewSearch, onOpenProfile }: SidebarModuleProps) {
  const user = useCurrentUser();
  const { saved, recent, actions } = useSidebarLists(user?.uid ?? null);
  const label = user ? userLabel(user) : '';

  if (collapsed) {
    return (
      <nav className="sidebar sidebar--collapsed" data-testid="remote-sidebar" aria-label="Protocols">
        <IconButton icon="plus" variant="primary" label="New Protocol Search" onClick={onNewSearch} />
        <div className="sidebar__spacer" />
        <ProfileButton label={label} email={user?.email ?? ''} onOpen={onOpenProfile} compact />
      </nav>
    );
  }

  return (
    <nav className="sidebar" data-testid="remote-sidebar" aria-label="Protocols">
      <Button variant="primary" icon="plus" block onClick={onNewSearch}>
        New Protocol Search
      </Button>
      <div className="sidebar__lists">
        <SidebarSection
          title="Saved Checklists"
          icon="star"
          emptyText="No saved checklists yet"
          {...saved}
          itemKey={(card) => card.id}
          renderItem={(card) => <SavedChecklistItem card={card} onRename={(title) => actions.renameSaved(card.id, title)} onUnstar={() => actions.unstar(card.id)} />}
        />
        <SidebarSection
          title="Recent Searches"
          icon="clock"
          emptyText="No recent searches yet"
          {...recent}
          itemKey={(card) => card.id}
          renderItem={(card) => <RecentSearchItem card={card} onRename={(title) => actions.renameRecent(card.id, title)} onDelete={() => actions.deleteRecent(card.id)} />}
        />
      </div>
      <ProfileButton label={label} email={user?.email ?? ''} onOpen={onOpenProfile} compact={false} />
    </nav>
  );
}

import { useState } from 'react';
import { IconButton, type SidebarModuleProps } from '@cairn/frontend-shared';
import { RemoteSlot } from '../remotes/remote-slot.component';

const NARROW_SCREEN = '(max-width: 767px)';

/** 80 units (320 px) expanded, 16 units (64 px) collapsed as an icon strip. */
export function SidebarSlot({ onNewSearch, onOpenProfile }: { onNewSearch: () => void; onOpenProfile: () => void }) {
  const [collapsed, setCollapsed] = useState(() => window.matchMedia(NARROW_SCREEN).matches);
  const moduleProps: SidebarModuleProps = { collapsed, onNewSearch, onOpenProfile };

  return (
    <aside
      id="cairn-sidebar"
      className={collapsed ? 'slot-sidebar is-collapsed' : 'slot-sidebar'}
      data-testid="slot-sidebar"
      aria-label="Sidebar"
    >
      <div className="slot-sidebar__toggle">
        <IconButton
          icon={collapsed ? 'chevron-right' : 'chevron-left'}
          label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          aria-controls="cairn-sidebar"
          onClick={() => setCollapsed((value) => !value)}
        />
      </div>
      <div className="slot-sidebar__content">
        <RemoteSlot remote="sidebar" title="sidebar" moduleProps={moduleProps} />
      </div>
    </aside>
  );
}

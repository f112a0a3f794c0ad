import { useEffect, useRef } from 'react';
import { Button, Icon, IconButton, dialogs } from '@cairn/frontend-shared';
import type { WorkspaceState } from './workspace-tabs';

interface TabBarProps {
  workspace: WorkspaceState;
  onActivate: (id: string) => void;
  onClose: (id: string) => void;
  onCloseAll: () => void;
  onNew: () => void;
}

const ICONS = { chat: 'message', 'generated-protocols': 'file', 'protocol-index': 'list' } as const;

/** docs/product-spec.md §2 tab bar: a close button per tab and 'Close All' only when more than one tab is open, and '+'; the active tab is scrolled into view. */
export function TabBar({ workspace, onActivate, onClose, onCloseAll, onNew }: TabBarProps) {
  const several = workspace.tabs.length > 1;
  const tabList = useRef<HTMLDivElement>(null);
  const activeTitle = workspace.tabs.find((tab) => tab.id === workspace.activeId)?.title;

  useEffect(() => {
    tabList.current?.querySelector<HTMLElement>('.tab-bar__tab.is-active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [workspace.activeId, workspace.tabs.length, activeTitle]);

  const confirmCloseAll = async () => {
    const confirmed = await dialogs.confirm({
      title: 'Close All Tabs?',
      message: 'All tabs will be closed. Your conversations are saved automatically and stay in Recent Searches.',
      confirmLabel: 'Close All',
      cancelLabel: 'Cancel',
    });
    if (confirmed) onCloseAll();
  };

  return (
    <div className="tab-bar">
      <div ref={tabList} className="tab-bar__tabs" role="tablist" aria-label="Open tabs">
        {workspace.tabs.map((tab) => {
          const active = tab.id === workspace.activeId;
          return (
            <div key={tab.id} className={active ? 'tab-bar__tab is-active' : 'tab-bar__tab'}>
              <button
                type="button"
                role="tab"
                id={`${tab.id}-tab`}
                aria-selected={active}
                aria-controls={`${tab.id}-panel`}
                className="tab-bar__select"
                title={tab.title}
                onClick={() => onActivate(tab.id)}
              >
                <Icon name={ICONS[tab.kind]} size={14} />
                <span className="tab-bar__title">{tab.title}</span>
              </button>
              {several && <IconButton icon="close" className="tab-bar__close" label={`Close ${tab.title}`} onClick={() => onClose(tab.id)} />}
            </div>
          );
        })}
        <IconButton icon="plus" label="New tab" onClick={onNew} />
      </div>
      {several && (
        <Button size="sm" variant="ghost" onClick={() => void confirmCloseAll()}>
          Close All
        </Button>
      )}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { IconButton } from '@cairn/frontend-shared';
import { SidebarTexts } from './sidebar-texts';

export interface CardAction {
  label: string;
  run: () => void;
}

/** A card's item menu (Rename, Unstar / Rename, Delete); closes on a choice, Escape or a click elsewhere. */
export function CardMenu({ title, actions }: { title: string; actions: CardAction[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="card-menu" ref={root} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <IconButton icon="more" label={SidebarTexts.actionsFor(title)} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} />
      {open && (
        <ul className="card-menu__list" role="menu" aria-label={SidebarTexts.actionsFor(title)}>
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  action.run();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

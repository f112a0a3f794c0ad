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

/** Inline rename: Enter saves, Escape or blank (or unchanged) text cancels. */
export function InlineRename({ title, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(title);
  const finish = () => onDone(value.trim() && value.trim() !== title ? value.trim() : null);
  return (
    <input
      className="field__input side-card__rename"
      aria-label={SidebarTexts.renameLabel}
      autoFocus
      value={value}
      maxLength={200}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => onDone(null)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish();
        if (event.key === 'Escape') onDone(null);
      }}
    />
  );
}

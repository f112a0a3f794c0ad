import { useState } from 'react';
import { Icon, InlineRename, cairnEvents, relativeTime } from '@cairn/frontend-shared';
import { CardMenu } from './card-menu.component';
import { messageCountLabel, type RecentSearchCard, type SavedChecklistCard } from './sidebar.resource';
import { SidebarTexts } from './sidebar-texts';

function CardTitle({ title, renaming, onRenamed, onOpen }: { title: string; renaming: boolean; onRenamed: (title: string | null) => void; onOpen?: () => void }) {
  if (renaming) return <InlineRename value={title} label={SidebarTexts.renameLabel} className="side-card__rename" onDone={onRenamed} />;
  return (
    <h3 className="side-card__title" title={title}>
      {onOpen ? (
        <button type="button" className="side-card__open" onClick={onOpen}>
          {title}
        </button>
      ) : (
        title
      )}
    </h3>
  );
}

export function SavedChecklistItem({ card, onRename, onUnstar }: { card: SavedChecklistCard; onRename: (title: string) => void; onUnstar: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const saved = relativeTime(card.savedAt);
  return (
    <article className="side-card" aria-label={card.title}>
      <Icon name="star" className="side-card__icon side-card__icon--star" />
      <div className="side-card__body">
        <CardTitle
          title={card.title}
          renaming={renaming}
          onOpen={() => cairnEvents.emit('saved-protocol-open', { id: card.id, title: card.title })}
          onRenamed={(title) => {
            setRenaming(false);
            if (title) onRename(title);
          }}
        />
        <p className="side-card__meta">{card.organization}</p>
        <p className="side-card__meta">
          {card.region} · {card.year}
        </p>
        {saved && <p className="side-card__meta">Saved {saved}</p>}
      </div>
      <CardMenu
        title={card.title}
        actions={[
          { label: SidebarTexts.rename, run: () => setRenaming(true) },
          { label: SidebarTexts.unstar, run: onUnstar },
        ]}
      />
    </article>
  );
}

export function RecentSearchItem({ card, onRename, onDelete }: { card: RecentSearchCard; onRename: (title: string) => void; onDelete: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const updated = relativeTime(card.updatedAt);
  return (
    <article className="side-card" aria-label={card.title}>
      <Icon name="message" className="side-card__icon" />
      <div className="side-card__body">
        <CardTitle
          title={card.title}
          renaming={renaming}
          onOpen={() => cairnEvents.emit('conversation-open', { conversationId: card.id, title: card.title })}
          onRenamed={(title) => {
            setRenaming(false);
            if (title) onRename(title);
          }}
        />
        <p className="side-card__meta">
          {updated && <>{updated} · </>}
          {messageCountLabel(card.messageCount)}
        </p>
      </div>
      <CardMenu
        title={card.title}
        actions={[
          { label: SidebarTexts.rename, run: () => setRenaming(true) },
          { label: SidebarTexts.delete, run: onDelete },
        ]}
      />
    </article>
  );
}

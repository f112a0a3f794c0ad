import { Icon, relativeTime } from '@cairn/frontend-shared';
import { messageCountLabel, type RecentSearchCard, type SavedChecklistCard } from './sidebar.resource';

export function SavedChecklistItem({ card }: { card: SavedChecklistCard }) {
  const saved = relativeTime(card.savedAt);
  return (
    <article className="side-card">
      <Icon name="star" className="side-card__icon side-card__icon--star" />
      <div className="side-card__body">
        <h3 className="side-card__title" title={card.title}>
          {card.title}
        </h3>
        <p className="side-card__meta">{card.organization}</p>
        <p className="side-card__meta">
          {card.region} · {card.year}
        </p>
        {saved && <p className="side-card__meta">Saved {saved}</p>}
      </div>
    </article>
  );
}

export function RecentSearchItem({ card }: { card: RecentSearchCard }) {
  const updated = relativeTime(card.updatedAt);
  return (
    <article className="side-card">
      <Icon name="message" className="side-card__icon" />
      <div className="side-card__body">
        <h3 className="side-card__title" title={card.title}>
          {card.title}
        </h3>
        <p className="side-card__meta">
          {updated && <>{updated} · </>}
          {messageCountLabel(card.messageCount)}
        </p>
      </div>
    </article>
  );
}

import { useId, type ReactNode } from 'react';
import { Icon, ShowMore, Spinner, type IconName } from '@cairn/frontend-shared';

export interface SidebarSectionProps<T> {
  title: string;
  icon: IconName;
  emptyText: string;
  loading: boolean;
  items: T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  hasMore: boolean;
  more: { loading: boolean; failed: boolean };
  showMore: () => void;
}

export function SidebarSection<T>({ title, icon, emptyText, loading, items, itemKey, renderItem, hasMore, more, showMore }: SidebarSectionProps<T>) {
  const headingId = useId();
  return (
    <section className="side-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="side-section__title">
        <Icon name={icon} size={16} />
        {title}
      </h2>
      {loading ? (
        <Spinner label={`Loading ${title.toLowerCase()}`} />
      ) : items.length === 0 && !hasMore ? (
        <p className="side-section__empty">{emptyText}</p>
      ) : (
        <>
          <ul className="side-section__list">
            {items.map((item) => (
              <li key={itemKey(item)}>{renderItem(item)}</li>
            ))}
          </ul>
          <ShowMore className="side-section__more" what={title.toLowerCase()} hasMore={hasMore} {...more} onMore={showMore} />
        </>
      )}
    </section>
  );
}

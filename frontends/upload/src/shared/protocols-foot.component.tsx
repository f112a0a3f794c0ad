import { ShowMore } from '@cairn/frontend-shared';
import { UploadTexts } from '../upload-texts';

export interface ProtocolsFootProps {
  shown: number;
  total: number;
  hasMore: boolean;
  more: { loading: boolean; failed: boolean };
  onMore: () => void;
}

/** The foot of a paged list of protocols: 'Showing N of M', then 'Show more' while some are not shown. */
export function ProtocolsFoot({ shown, total, hasMore, more, onMore }: ProtocolsFootProps) {
  return (
    <footer className="list-foot">
      <p className="list-foot__shown" aria-live="polite">
        {UploadTexts.library.shown(shown, total)}
      </p>
      <ShowMore what="protocols" hasMore={hasMore} {...more} onMore={onMore} />
    </footer>
  );
}

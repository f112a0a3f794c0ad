import { useId } from 'react';
import { citationSourceLink, HospitalBadge, Icon, useCurrentUser, useSourceViewer, type SourceRequest } from '@cairn/frontend-shared';
import { citationDetails, citationFile } from './citation-display';
import type { ProtocolCitation } from './protocol';

function SourceLink({ citation, onOpen }: { citation: ProtocolCitation; onOpen: (request: SourceRequest) => void }) {
  const link = citationSourceLink(citation, useCurrentUser()?.uid ?? null);
  if (link.kind === 'user-defined') return <span className="reference__user-defined">User defined</span>;
  if (link.kind === 'uploaded') {
    return (
      <button type="button" className="reference__link" onClick={() => onOpen({ link: link.link, title: citation.source, passage: citation.excerpt })}>
        View Source
        <Icon name="external-link" size={14} />
      </button>
    );
  }
  return (
    <a className="reference__link" href={link.url} target="_blank" rel="noopener noreferrer">
      View Source
      <Icon name="external-link" size={14} />
    </a>
  );
}

export interface ReferencesProps {
  citations: ProtocolCitation[];
  open: boolean;
  highlighted: number | null;
  elementId: (citation: number) => string;
  onToggle: () => void;
}

export function References({ citations, open, highlighted, elementId, onToggle }: ReferencesProps) {
  const listId = useId();
  const sources = useSourceViewer();
  if (citations.length === 0) return null;
  return (
    <section className={open ? 'references is-open' : 'references'} data-testid="references">
      <button type="button" className="references__toggle" aria-expanded={open} aria-controls={listId} onClick={onToggle}>
        <span>References ({citations.length})</span>
        <Icon name="chevron-down" className="references__chevron" />
      </button>
      {open && (
        <ol id={listId} className="references__list">
          {citations.map((citation) => (
            <li
              key={citation.id}
              id={elementId(citation.id)}
              className={highlighted === citation.id ? 'reference is-highlighted' : 'reference'}
              data-testid="citation"
            >
              <span className="reference__number">[{citation.id}]</span>
              <div className="reference__body">
                <p className="reference__source">{citation.source}</p>
                {citation.hospital && <HospitalBadge organisation={citation.hospital} />}
                <p className="reference__details">{citationDetails(citation)}</p>
                {citationFile(citation) && <p className="reference__file">{citationFile(citation)}</p>}
                {citation.excerpt && <p className="reference__excerpt">{citation.excerpt}</p>}
                <SourceLink citation={citation} onOpen={sources.open} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {sources.viewer}
    </section>
  );
}

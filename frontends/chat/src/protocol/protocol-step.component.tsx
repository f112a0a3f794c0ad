import { useId } from 'react';
import { Icon } from '@cairn/frontend-shared';
import { CitationMarkers } from './citation-markers.component';
import { stepCitationNumbers, type ProtocolCitation, type ProtocolStep } from './protocol';
import { StepDiscussion } from './step-discussion.component';

export interface ProtocolStepItemProps {
  number: number;
  step: ProtocolStep;
  expanded: boolean;
  citations: ReadonlyMap<number, ProtocolCitation>;
  onToggle: () => void;
  onCite: (citation: number) => void;
  /** This step's discussion is the open one. */
  discussing: boolean;
  discussionLoading: boolean;
  onDiscuss: () => void;
  onAsk: (question: string) => void;
}

function StepSources({ numbers, citations }: { numbers: number[]; citations: ReadonlyMap<number, ProtocolCitation> }) {
  const cited = numbers.map((number) => citations.get(number)).filter((citation) => citation !== undefined);
  if (cited.length === 0) return null;
  return (
    <p className="protocol-step__sources">
      Source{cited.length === 1 ? '' : 's'}:{' '}
      {cited.map((citation) => `[${citation.id}] ${citation.source}${citation.organization ? ` (${citation.organization})` : ''}`).join('; ')}
    </p>
  );
}

export function ProtocolStepItem({ number, step, expanded, citations, onToggle, onCite, discussing, discussionLoading, onDiscuss, onAsk }: ProtocolStepItemProps) {
  const detailsId = useId();
  const numbers = stepCitationNumbers(step);
  return (
    <li className={expanded ? 'protocol-step is-expanded' : 'protocol-step'} data-testid="protocol-step">
      <div className="protocol-step__row">
        <button type="button" className="protocol-step__toggle" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
          <span className="protocol-step__number" aria-hidden="true">
            {number}
          </span>
          <span className="protocol-step__text">{step.step}</span>
        </button>
        <CitationMarkers numbers={numbers} known={new Set(citations.keys())} onCite={onCite} />
        <Icon name="chevron-down" className="protocol-step__chevron" />
      </div>
      {expanded && (
        <div id={detailsId} className="protocol-step__details" data-testid="step-details">
          {step.explanation && <p className="protocol-step__explanation">{step.explanation}</p>}
          <StepSources numbers={numbers} citations={citations} />
          <button type="button" className="link-button" aria-expanded={discussing} onClick={onDiscuss}>
            {discussing ? 'Close discussion' : `Discuss this step${step.thread?.length ? ` (${step.thread.length})` : ''}`}
          </button>
          {discussing && <StepDiscussion thread={step.thread ?? []} loading={discussionLoading} onSend={onAsk} />}
        </div>
      )}
    </li>
  );
}

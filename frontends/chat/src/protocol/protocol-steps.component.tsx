import { countLabel, type ProtocolCitation, type ProtocolStep } from './protocol';
import { ProtocolStepItem } from './protocol-step.component';
import { useExpandedSteps } from './use-expanded-steps';

export interface ProtocolStepsProps {
  protocolKey: string;
  steps: ProtocolStep[];
  citations: ProtocolCitation[];
  onCite: (citation: number) => void;
}

export function ProtocolSteps({ protocolKey, steps, citations, onCite }: ProtocolStepsProps) {
  const [expanded, toggle] = useExpandedSteps(protocolKey);
  const citationsById = new Map(citations.map((citation) => [citation.id, citation]));
  return (
    <section className="protocol-steps">
      <div className="protocol-steps__heading">
        <h4>Protocol Steps</h4>
        <span className="protocol-steps__counts">
          {countLabel(citations.length, 'source')} · {countLabel(steps.length, 'step')}
        </span>
      </div>
      <ol className="protocol-steps__list">
        {steps.map((step, index) => (
          <ProtocolStepItem
            key={step.id}
            number={index + 1}
            step={step}
            expanded={expanded.has(step.id)}
            citations={citationsById}
            onToggle={() => toggle(step.id)}
            onCite={onCite}
          />
        ))}
      </ol>
    </section>
  );
}

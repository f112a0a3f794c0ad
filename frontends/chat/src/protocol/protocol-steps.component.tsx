import { countLabel, type ProtocolData } from './protocol';
import { ProtocolStepItem } from './protocol-step.component';
import { useExpandedSteps } from './use-expanded-steps';
import { useStepDiscussion } from './use-step-discussion';

export interface ProtocolStepsProps {
  protocolKey: string;
  protocol: ProtocolData;
  onCite: (citation: number) => void;
  onProtocolChange?: (protocol: ProtocolData) => void;
}

export function ProtocolSteps({ protocolKey, protocol, onCite, onProtocolChange }: ProtocolStepsProps) {
  const { steps, citations } = protocol;
  const [expanded, toggle, expand] = useExpandedSteps(protocolKey);
  const discussion = useStepDiscussion(protocol, onProtocolChange);
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
            discussing={discussion.activeStep === step.id}
            discussionLoading={discussion.loading}
            onDiscuss={() => discussion.toggle(step.id)}
            onAsk={(question) => {
              expand(step.id);
              void discussion.send(step.id, question);
            }}
          />
        ))}
      </ol>
    </section>
  );
}

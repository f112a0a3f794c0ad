import { useCurrentUser, useSourceViewer } from '@cairn/frontend-shared';
import type { UploadedProtocol } from './uploads.resource';
import { UploadTexts } from '../upload-texts';
import { SourceAction } from './source-action.component';
import { stepSource, summarySource } from './summary-source';

interface ProtocolSummaryProps {
  protocol: UploadedProtocol;
  maxSteps?: number;
  maxSources?: number;
  /** A preview: its upload's PDF is stored for viewing only once it is approved. */
  awaitingApproval?: boolean;
}

/**
 * A protocol's steps and sources; cut to `maxSteps` and `maxSources` (the preview shows 5 and 3) it leaves explanations out.
 * The user's own uploaded sources open in the source viewer at the cited page, from a source or from a step citing it.
 */
export function ProtocolSummary({ protocol, maxSteps, maxSources, awaitingApproval = false }: ProtocolSummaryProps) {
  const uid = useCurrentUser()?.uid ?? null;
  const viewer = useSourceViewer();
  const brief = maxSteps !== undefined;
  const steps = protocol.protocol_data.step_details ?? [];
  const sources = protocol.protocol_data.citations ?? [];
  const shownSteps = steps.slice(0, maxSteps ?? steps.length);
  return (
    <div className="protocol-summary">
      <ol className="protocol-summary__steps">
        {shownSteps.map((step) => {
          const cited = brief ? null : stepSource(step, sources, uid);
          return (
            <li key={step.step}>
              <span>{step.text}</span>
              {cited && ' '}
              {cited && (
                <SourceAction
                  source={summarySource(cited, uid, awaitingApproval)}
                  citation={cited}
                  onOpen={viewer.open}
                  label={UploadTexts.library.viewStepSource(step.step)}
                  focus={step.text}
                />
              )}
              {!brief && step.explanation && <p className="protocol-summary__explanation">{step.explanation}</p>}
            </li>
          );
        })}
      </ol>
      {steps.length > shownSteps.length && <p className="protocol-summary__more">{UploadTexts.preview.moreSteps(steps.length - shownSteps.length)}</p>}
      {sources.length > 0 && (
        <ul className="protocol-summary__sources" aria-label="Sources">
          {sources.slice(0, maxSources ?? sources.length).map((source) => (
            <li key={source.id}>
              <span className="protocol-summary__source">
                [{source.id}] {source.source}
              </span>
              <SourceAction source={summarySource(source, uid, awaitingApproval)} citation={source} onOpen={viewer.open} />
            </li>
          ))}
        </ul>
      )}
      {viewer.viewer}
    </div>
  );
}

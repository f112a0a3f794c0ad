import { isUserDefinedCitation } from '@cairn/frontend-shared';
import type { UploadedProtocol } from './uploads.resource';
import { UploadTexts } from '../upload-texts';

/** A protocol's steps and sources; cut to `maxSteps` and `maxSources` (the preview shows 5 and 3) it leaves explanations out. */
export function ProtocolSummary({ protocol, maxSteps, maxSources }: { protocol: UploadedProtocol; maxSteps?: number; maxSources?: number }) {
  const brief = maxSteps !== undefined;
  const steps = protocol.protocol_data.step_details ?? [];
  const sources = protocol.protocol_data.citations ?? [];
  const shownSteps = steps.slice(0, maxSteps ?? steps.length);
  return (
    <div className="protocol-summary">
      <ol className="protocol-summary__steps">
        {shownSteps.map((step) => (
          <li key={step.step}>
            <span>{step.text}</span>
            {!brief && step.explanation && <p className="protocol-summary__explanation">{step.explanation}</p>}
          </li>
        ))}
      </ol>
      {steps.length > shownSteps.length && <p className="protocol-summary__more">{UploadTexts.preview.moreSteps(steps.length - shownSteps.length)}</p>}
      {sources.length > 0 && (
        <ul className="protocol-summary__sources" aria-label="Sources">
          {sources.slice(0, maxSources ?? sources.length).map((source) => (
            <li key={source.id}>
              <span className="protocol-summary__source">
                [{source.id}] {source.source}
              </span>
              {isUserDefinedCitation(source) ? (
                <span className="protocol-summary__user-defined">{UploadTexts.library.userDefined}</span>
              ) : (
                <a href={source.url} target="_blank" rel="noreferrer">
                  {UploadTexts.library.viewSource}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { SourceRequest } from '@cairn/frontend-shared';
import { UploadTexts } from '../upload-texts';
import type { SummaryCitation, SummarySource } from './summary-source';

const texts = UploadTexts.library;

interface SourceActionProps {
  source: SummarySource;
  citation: SummaryCitation;
  onOpen: (request: SourceRequest) => void;
  /** The button's accessible name where 'View Source' alone would not say which it is. */
  label?: string;
  /** The sentence to mark rather than the citation's excerpt where the page holds it (a step's own text). */
  focus?: string;
}

/** A source's 'View Source' (the user's PDF in the app, a published page in a new tab), or why it does not open. */
export function SourceAction({ source, citation, onOpen, label, focus }: SourceActionProps) {
  switch (source.kind) {
    case 'uploaded':
      return (
        <button type="button" className="link-button protocol-summary__view-source" aria-label={label} onClick={() => onOpen({ link: source.link, title: citation.source, passage: citation.excerpt, focus })}>
          {texts.viewSource}
        </button>
      );
    case 'link':
      return (
        <a href={source.url} target="_blank" rel="noreferrer">
          {texts.viewSource}
        </a>
      );
    case 'after-approval':
      return <span className="protocol-summary__user-defined">{UploadTexts.preview.sourceAfterApproval}</span>;
    default:
      return <span className="protocol-summary__user-defined">{texts.userDefined}</span>;
  }
}

import { Badge, HospitalBadge, citationSourceLink, useCurrentUser, useSourceViewer, type SourceRequest } from '@cairn/frontend-shared';
import { MessageText } from '../messages/message-text.component';
import type { AssistantMessage } from '../session/chat-message';
import { relevancePercent } from './follow-up';

/** A follow-up answer: its text, numbered citations with relevance, the uncertainty note and up to 5 suggestion chips. */
export function FollowUpAnswerView({ message, onAsk }: { message: AssistantMessage; onAsk?: (question: string) => void }) {
  const citations = message.citations ?? [];
  const uid = useCurrentUser()?.uid ?? null;
  const sources = useSourceViewer();
  return (
    <div className="follow-up-answer" data-testid="follow-up-answer">
      {message.usedNewSources && <Badge tone="neutral">Used new sources</Badge>}
      <MessageText text={message.content} />
      {message.uncertaintyNote && (
        <p className="follow-up-answer__uncertainty" role="note">
          {message.uncertaintyNote}
        </p>
      )}
      {citations.length > 0 && (
        <ol className="follow-up-answer__citations" aria-label="Citations">
          {citations.map((citation) => (
            <li key={citation.id} data-testid="message-citation">
              <span className="follow-up-answer__source">
                [{citation.id}] {citation.title}
                {citation.organization && ` · ${citation.organization}`}
              </span>
              {citation.hospital && <HospitalBadge organisation={citation.hospital} />}
              <span className="follow-up-answer__relevance">{relevancePercent(citation.relevance)} relevant</span>
              <CitationLink citation={citation} uid={uid} onOpen={sources.open} />
            </li>
          ))}
        </ol>
      )}
      {sources.viewer}
      {message.followUpQuestions.length > 0 && (
        <div className="follow-up-answer__chips" role="group" aria-label="Follow-up questions">
          {message.followUpQuestions.map((question) => (
            <button key={question} type="button" className="chip" onClick={() => onAsk?.(question)}>
              {question}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

type MessageCitation = NonNullable<AssistantMessage['citations']>[number];

function CitationLink({ citation, uid, onOpen }: { citation: MessageCitation; uid: string | null; onOpen: (request: SourceRequest) => void }) {
  const link = citationSourceLink({ url: citation.url, organization: citation.organization }, uid);
  if (link.kind === 'user-defined') return <span className="follow-up-answer__user-defined">User defined</span>;
  if (link.kind === 'uploaded') {
    return (
      <button type="button" className="follow-up-answer__view-source" onClick={() => onOpen({ link: link.link, title: citation.title, passage: citation.excerpt ?? '' })}>
        View Source
      </button>
    );
  }
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer">
      View Source
    </a>
  );
}

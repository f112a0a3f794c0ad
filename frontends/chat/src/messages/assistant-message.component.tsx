import { Icon } from '@cairn/frontend-shared';
import { FollowUpAnswerView } from '../follow-up/follow-up-answer.component';
import type { ProtocolData } from '../protocol/protocol';
import { ProtocolCard } from '../protocol/protocol-card.component';
import { StreamingStatus } from '../protocol/streaming-status.component';
import type { AssistantMessage } from '../session/chat-message';
import { CorrectedQuery } from './corrected-query.component';
import { MessageText } from './message-text.component';
import { messageTime } from './message-time';

interface AssistantViewProps {
  message: AssistantMessage;
  onAsk?: (question: string) => void;
  onProtocolChange?: (messageId: string, protocol: ProtocolData) => void;
  /** Stops the reply that is still arriving. */
  onStop?: () => void;
}

function Notice({ text }: { text?: string }) {
  return text ? (
    <p className="assistant-message__notice" role="note">
      <Icon name="alert" size={14} />
      {text}
    </p>
  ) : null;
}

function AssistantBody({ message, onAsk, onProtocolChange, onStop }: AssistantViewProps) {
  if (message.kind === 'protocol' && message.protocolData) {
    return (
      <>
        {message.searchMetadata?.correctedQuery && <CorrectedQuery query={message.searchMetadata.correctedQuery} />}
        <p className="assistant-message__intent">{message.content}</p>
        <Notice text={message.notice} />
        <ProtocolCard
          protocolKey={message.id}
          protocol={message.protocolData}
          onProtocolChange={(protocol) => onProtocolChange?.(message.id, protocol)}
          streaming={message.streaming}
          onStop={onStop}
        />
      </>
    );
  }
  if (message.isFollowUp) {
    return (
      <>
        <Notice text={message.notice} />
        <FollowUpAnswerView message={message} onAsk={onAsk} />
        {message.streaming && <StreamingStatus label="Writing the answer..." onStop={onStop} />}
      </>
    );
  }
  return (
    <div className="assistant-message__text" role={message.kind === 'error' ? 'alert' : undefined}>
      {message.title && <p className="assistant-message__title">{message.title}</p>}
      <MessageText text={message.content} />
    </div>
  );
}

export function AssistantMessageView({ message, onAsk, onProtocolChange, onStop }: AssistantViewProps) {
  return (
    <div className={`assistant-message assistant-message--${message.kind}`} data-testid="assistant-message">
      <span className="assistant-message__avatar" aria-hidden="true">
        <Icon name={message.kind === 'error' ? 'alert' : 'list'} size={16} />
      </span>
      <div className="assistant-message__body">
        <AssistantBody message={message} onAsk={onAsk} onProtocolChange={onProtocolChange} onStop={onStop} />
        <p className="message-meta">
          <time dateTime={message.timestamp}>{messageTime(message.timestamp)}</time>
        </p>
      </div>
    </div>
  );
}

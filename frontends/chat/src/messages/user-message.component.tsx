import { canRetry, statusText } from '../session/message-status';
import type { UserMessage } from '../session/chat-message';
import { messageTime } from './message-time';

export interface UserMessageViewProps {
  message: UserMessage;
  busy: boolean;
  onRetry: (messageId: string) => void;
}

export function UserMessageView({ message, busy, onRetry }: UserMessageViewProps) {
  const status = message.status ?? 'sent';
  return (
    <div className="user-message" data-testid="user-message">
      <p className="user-message__bubble">{message.content}</p>
      <p className="message-meta">
        <time dateTime={message.timestamp}>{messageTime(message.timestamp)}</time>
        <span className={`message-status message-status--${status}`} data-testid="message-status">
          {statusText(message)}
        </span>
        {canRetry(message, busy) && (
          <button type="button" className="link-button message-meta__retry" onClick={() => onRetry(message.id)}>
            Retry
          </button>
        )}
      </p>
    </div>
  );
}

import { useRef } from 'react';
import { Icon } from '@cairn/frontend-shared';
import { isUserMessage, type ChatMessage } from '../session/chat-message';
import type { ProtocolData } from '../protocol/protocol';
import { AssistantMessageView } from './assistant-message.component';
import { withDateSeparators } from './date-separators';
import { TypingIndicator } from './typing-indicator.component';
import { useAutoScroll } from './use-auto-scroll';
import { UserMessageView } from './user-message.component';

export interface MessageListProps {
  messages: ChatMessage[];
  loading: boolean;
  onRetry: (messageId: string) => void;
  /** A follow-up suggestion was chosen. */
  onAsk?: (question: string) => void;
  onProtocolChange?: (messageId: string, protocol: ProtocolData) => void;
}

export function MessageList({ messages, loading, onRetry, onAsk, onProtocolChange }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { scrolledUp, onScroll, scrollToBottom } = useAutoScroll(scroller, messages, loading);
  const firstQuestionId = messages.find(isUserMessage)?.id;

  return (
    <div className="chat__messages-frame">
      <div className="chat__messages" ref={scroller} onScroll={onScroll} data-testid="message-list">
        <div className="message-list" role="log" aria-label="Conversation">
          {withDateSeparators(messages, new Date()).map((item) => {
            if (item.kind === 'separator') {
              return (
                <div key={item.key} className="date-separator" role="separator" data-testid="date-separator">
                  <span>{item.label}</span>
                </div>
              );
            }
            const { message } = item;
            const sticky = message.id === firstQuestionId;
            return (
              <div
                key={item.key}
                className={sticky ? 'message-list__item is-sticky' : 'message-list__item'}
                data-message-id={message.id}
                data-sticky={sticky ? 'true' : undefined}
              >
                {isUserMessage(message) ? (
                  <UserMessageView message={message} busy={loading} onRetry={onRetry} />
                ) : (
                  <AssistantMessageView message={message} onAsk={onAsk} onProtocolChange={onProtocolChange} />
                )}
              </div>
            );
          })}
          {loading && <TypingIndicator />}
        </div>
      </div>
      {scrolledUp && (
        <button type="button" className="scroll-to-bottom" aria-label="Scroll to bottom" title="Scroll to bottom" onClick={scrollToBottom}>
          <Icon name="arrow-down" />
        </button>
      )}
    </div>
  );
}

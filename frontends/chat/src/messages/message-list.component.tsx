import { useRef } from 'react';
import { Icon } from '@cairn/frontend-shared';
import { isUserMessage, type ChatMessage } from '../session/chat-message';
import type { ProtocolData } from '../protocol/protocol';
import { AssistantMessageView } from './assistant-message.component';
import { ChatSearch } from './chat-search.component';
import { ConversationBar } from './conversation-bar.component';
import { withDateSeparators } from './date-separators';
import { LazyMessage } from './lazy-message.component';
import { conversationTools, rendersEagerly } from './long-conversation';
import { TypingIndicator } from './typing-indicator.component';
import { useAutoScroll } from './use-auto-scroll';
import { useChatSearch } from './use-chat-search';
import { UserMessageView } from './user-message.component';

export interface MessageListProps {
  messages: ChatMessage[];
  loading: boolean;
  onRetry: (messageId: string) => void;
  /** A follow-up suggestion was chosen. */
  onAsk?: (question: string) => void;
  onProtocolChange?: (messageId: string, protocol: ProtocolData) => void;
  /** Stops the reply that is still arriving. */
  onStop?: () => void;
}

export function MessageList({ messages, loading, onRetry, onAsk, onProtocolChange, onStop }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { scrolledUp, onScroll, scrollToBottom } = useAutoScroll(scroller, messages, loading);
  const firstQuestionId = messages.find(isUserMessage)?.id;
  const tools = conversationTools(messages.length);
  const search = useChatSearch(messages, tools.search, scroller);
  const indexOf = new Map(messages.map((message, index) => [message.id, index]));

  return (
    <div className="chat__messages-frame">
      {search.open && <ChatSearch query={search.query} current={search.current} total={search.total} onQuery={search.setQuery} onStep={search.step} onClose={search.close} />}
      {tools.countBar && <ConversationBar count={messages.length} lazy={tools.lazy} onJumpToTop={() => scroller.current?.scrollTo({ top: 0 })} />}
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
            const view = isUserMessage(message) ? (
              <UserMessageView message={message} busy={loading} onRetry={onRetry} />
            ) : (
              <AssistantMessageView message={message} onAsk={onAsk} onProtocolChange={onProtocolChange} onStop={onStop} />
            );
            const classes = ['message-list__item', sticky ? 'is-sticky' : '', search.highlighted === message.id ? 'is-found' : ''].filter(Boolean).join(' ');
            return (
              <div key={item.key} className={classes} data-message-id={message.id} data-sticky={sticky ? 'true' : undefined}>
                {sticky || rendersEagerly(indexOf.get(message.id) ?? 0, messages.length) ? view : <LazyMessage root={scroller.current}>{view}</LazyMessage>}
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

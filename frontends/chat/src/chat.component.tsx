import { useCurrentUser, type ChatModuleProps, type SearchScope } from '@cairn/frontend-shared';
import { ChatInputBar } from './chat-input-bar.component';
import { useConversationAutoSave } from './conversation/use-conversation-auto-save';
import { EmptyChatView } from './empty-chat.component';
import { MessageList } from './messages/message-list.component';
import { useChatSession } from './session/use-chat-session';

export default function ChatModule({ initialQuery, onSend, onTitleChange, conversationId, savedProtocolId, onConversationSaved }: ChatModuleProps) {
  const uid = useCurrentUser()?.uid ?? null;
  const session = useChatSession(uid, onTitleChange, { conversationId, savedProtocolId });
  // A saved checklist shown alone is not a conversation.
  useConversationAutoSave(savedProtocolId ? null : uid, session.conversationId, session.messages, session.loading, onConversationSaved);

  const send = (message: string, scope: SearchScope) => {
    const taken = session.send(message, scope);
    if (taken) onSend?.(message, scope);
    return taken;
  };

  return (
    <div className="chat" data-testid="remote-chat">
      {session.messages.length === 0 ? (
        <div className="chat__messages">
          <EmptyChatView />
        </div>
      ) : (
        <MessageList messages={session.messages} loading={session.loading} onRetry={session.retry} />
      )}
      {!savedProtocolId && <ChatInputBar initialQuery={initialQuery} loading={session.loading} onSend={send} />}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { cairnEvents, newTabTitle, useCurrentUser, type ChatModuleProps, type SearchScope } from '@cairn/frontend-shared';
import { ChatInputBar } from './chat-input-bar.component';
import { useConversationAutoSave } from './conversation/use-conversation-auto-save';
import { EmptyChatView } from './empty-chat.component';
import { NewTopicDialog } from './follow-up/new-topic-dialog.component';
import { MessageList } from './messages/message-list.component';
import { useChatSession, type SendMode } from './session/use-chat-session';
import './chat.css';

export default function ChatModule({ initialQuery, autoSend, onSend, onTitleChange, conversationId, savedProtocolId, onConversationSaved }: ChatModuleProps) {
  const uid = useCurrentUser()?.uid ?? null;
  const session = useChatSession(uid, onTitleChange, { conversationId, savedProtocolId });
  // A saved checklist shown alone is not a conversation.
  useConversationAutoSave(savedProtocolId ? null : uid, session.conversationId, session.messages, session.loading || session.streaming, onConversationSaved);
  const [newTopic, setNewTopic] = useState<{ query: string; scope: SearchScope } | null>(null);
  const lastScope = useRef<SearchScope>('all');

  const send = (message: string, scope: SearchScope, mode: SendMode = 'auto') => {
    lastScope.current = scope;
    const taken = session.send(message, scope, mode);
    if (taken === 'new-topic') {
      setNewTopic({ query: message, scope });
      return true;
    }
    if (taken) onSend?.(message, scope);
    return taken;
  };

  const autoSent = useRef(false);
  useEffect(() => {
    if (!autoSend || !initialQuery || autoSent.current || !uid) return;
    autoSent.current = true;
    send(initialQuery, 'all', 'new-search');
  });

  return (
    <div className="chat" data-testid="remote-chat">
      {session.messages.length === 0 ? (
        <div className="chat__messages">
          <EmptyChatView />
        </div>
      ) : (
        <MessageList messages={session.messages} loading={session.loading} onRetry={session.retry} onAsk={(question) => send(question, lastScope.current, 'follow-up')} onProtocolChange={session.updateProtocol} onStop={session.stop} />
      )}
      {!savedProtocolId && <ChatInputBar initialQuery={autoSend ? '' : initialQuery} loading={session.loading} onSend={send} />}
      {newTopic && (
        <NewTopicDialog
          query={newTopic.query}
          onNewTab={() => {
            cairnEvents.emit('chat-tab-open', { title: newTabTitle(newTopic.query), query: newTopic.query });
            setNewTopic(null);
          }}
          onContinue={() => {
            send(newTopic.query, newTopic.scope, 'new-search');
            setNewTopic(null);
          }}
          onCancel={() => setNewTopic(null)}
        />
      )}
    </div>
  );
}

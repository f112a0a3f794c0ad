import type { ChatModuleProps } from '@cairn/frontend-shared';
import { ChatInputBar } from './chat-input-bar.component';
import { EmptyChatView } from './empty-chat.component';

export default function ChatModule({ initialQuery, onSend }: ChatModuleProps) {
  return (
    <div className="chat" data-testid="remote-chat">
      <div className="chat__messages">
        <EmptyChatView />
      </div>
      <ChatInputBar initialQuery={initialQuery} onSend={onSend} />
    </div>
  );
}

import { Badge, Button } from '@cairn/frontend-shared';

/** Above 20 messages: the count and 'Jump to Top'; above 50, 'Lazy loading enabled'. */
export function ConversationBar({ count, lazy, onJumpToTop }: { count: number; lazy: boolean; onJumpToTop: () => void }) {
  return (
    <div className="conversation-bar" data-testid="conversation-bar">
      <span>{count} messages</span>
      {lazy && <Badge tone="neutral">Lazy loading enabled</Badge>}
      <Button size="sm" variant="ghost" icon="arrow-down" className="conversation-bar__top" onClick={onJumpToTop}>
        Jump to Top
      </Button>
    </div>
  );
}

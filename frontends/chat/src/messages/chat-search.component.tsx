import { useEffect, useRef } from 'react';
import { IconButton } from '@cairn/frontend-shared';
import { matchLabel } from './long-conversation';

interface ChatSearchProps {
  query: string;
  current: number;
  total: number;
  onQuery: (query: string) => void;
  onStep: (direction: 1 | -1) => void;
  onClose: () => void;
}

/** In-chat search (Ctrl/Cmd+F): previous and next match, 'n of m', Escape closes. */
export function ChatSearch({ query, current, total, onQuery, onStep, onClose }: ChatSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div className="chat-search" role="search">
      <input
        ref={input}
        className="field__input chat-search__input"
        aria-label="Search in conversation"
        placeholder="Search in conversation"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          if (event.key === 'Enter') onStep(event.shiftKey ? -1 : 1);
        }}
      />
      <span className="chat-search__count" aria-live="polite">
        {query.trim() ? matchLabel(current, total) : ''}
      </span>
      <IconButton icon="chevron-left" label="Previous match" disabled={total === 0} onClick={() => onStep(-1)} />
      <IconButton icon="chevron-right" label="Next match" disabled={total === 0} onClick={() => onStep(1)} />
      <IconButton icon="close" label="Close search" onClick={onClose} />
    </div>
  );
}

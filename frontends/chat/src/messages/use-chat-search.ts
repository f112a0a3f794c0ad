import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { ChatMessage } from '../session/chat-message';
import { SEARCH_HIGHLIGHT_MS, searchMessages, stepMatch } from './long-conversation';

/** In-chat search over the messages: opened by Ctrl/Cmd+F while this chat is on screen, when it is long enough. */
export function useChatSearch(messages: ChatMessage[], available: boolean, root: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const matches = useMemo(() => searchMessages(messages, query), [messages, query]);

  useEffect(() => {
    if (!available) return;
    const onKey = (event: KeyboardEvent) => {
      const visible = root.current?.offsetParent !== null;
      if (visible && (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [available, root]);

  const show = (index: number) => {
    const id = matches[index];
    setCurrent(index);
    if (!id) return;
    setHighlighted(id);
    root.current?.querySelector(`[data-message-id="${id}"]`)?.scrollIntoView({ block: 'center' });
  };

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), SEARCH_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return {
    open: open && available,
    query,
    current: matches.length ? current : -1,
    total: matches.length,
    highlighted,
    setQuery: (next: string) => {
      setQuery(next);
      setCurrent(0);
    },
    step: (direction: 1 | -1) => show(stepMatch(matches.length ? current : -1, matches.length, direction)),
    close: () => {
      setOpen(false);
      setQuery('');
    },
  };
}

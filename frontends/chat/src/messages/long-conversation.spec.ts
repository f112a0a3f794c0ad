import { describe, expect, it } from '@jest/globals';
import type { ChatMessage } from '../session/chat-message';
import { conversationTools, matchLabel, rendersEagerly, searchMessages, stepMatch } from './long-conversation';

const user = (id: string, content: string): ChatMessage => ({ id, type: 'user', content, timestamp: '2026-11-25T10:00:00.000Z', status: 'sent', retryCount: 0, scope: 'all' });

describe('long conversations', () => {
  it.each([
    [10, { countBar: false, lazy: false, search: false }],
    [11, { countBar: false, lazy: false, search: true }],
    [21, { countBar: true, lazy: false, search: true }],
    [51, { countBar: true, lazy: true, search: true }],
  ])('%i messages get %o', (count, tools) => {
    expect(conversationTools(count)).toEqual(tools);
  });

  it('renders all of 50 messages at once, and only the last 20 of 60', () => {
    expect(rendersEagerly(0, 50)).toBe(true);
    expect(rendersEagerly(39, 60)).toBe(false);
    expect(rendersEagerly(40, 60)).toBe(true);
  });

  it('finds messages by a case-insensitive substring and steps through the matches', () => {
    const messages = [user('a', 'Dengue symptoms'), user('b', 'malaria'), user('c', 'dengue in children')];
    expect(searchMessages(messages, 'DENGUE')).toEqual(['a', 'c']);
    expect(searchMessages(messages, '  ')).toEqual([]);
    expect(stepMatch(1, 2, 1)).toBe(0);
    expect(stepMatch(0, 2, -1)).toBe(1);
    expect(matchLabel(0, 2)).toBe('1 of 2');
    expect(matchLabel(-1, 0)).toBe('No matches');
  });
});

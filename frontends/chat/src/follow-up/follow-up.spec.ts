import { describe, expect, it } from '@jest/globals';
import { testProtocol } from '../protocol/protocol.fixture';
import type { ChatMessage } from '../session/chat-message';
import { classifyQuery, conversationHistory, protocolInContext, relevancePercent } from './follow-up';

const user = (id: string, content: string, status: 'sent' | 'failed' = 'sent'): ChatMessage => ({ id, type: 'user', content, timestamp: '2026-11-25T10:00:00.000Z', status, retryCount: 0, scope: 'all' });
const reply = (id: string, content: string, protocol = false): ChatMessage => ({
  id, type: 'assistant', content, timestamp: '2026-11-25T10:00:01.000Z', replyTo: '', kind: protocol ? 'protocol' : 'text',
  ...(protocol ? { protocolData: testProtocol({ title: 'Dengue Fever Management' }) } : {}),
  followUpQuestions: [], uncertaintyNote: null, usedNewSources: false, isFollowUp: !protocol,
});

describe('follow-ups in the chat', () => {
  const chat = [user('m1', 'dengue treatment'), reply('m2', 'Treatment Protocol', true), user('m3', 'what dose of paracetamol?'), reply('m4', 'Give paracetamol…')];

  it('reads the protocol shown and decides follow-up or new topic by the spec rules', () => {
    expect(protocolInContext(chat)?.title).toBe('Dengue Fever Management');
    expect(classifyQuery('what is the dose for children?', chat)).toMatchObject({ isFollowUp: true });
    expect(classifyQuery('malaria treatment in pregnancy', chat)).toMatchObject({ isFollowUp: false, confidence: 0.95 });
    expect(classifyQuery('malaria treatment in pregnancy', chat, true)).toMatchObject({ isFollowUp: true, rule: 'forced' });
    expect(classifyQuery('dengue warning signs', [])).toMatchObject({ isFollowUp: false, rule: 'no-protocol' });
  });

  it('sends the last six user or assistant-without-protocol messages, leaving out failures', () => {
    const long = [...chat, user('m5', 'failed one', 'failed'), ...Array.from({ length: 6 }, (_, i) => user(`u${i}`, `question ${i}`))];
    expect(conversationHistory(chat)).toEqual([
      { role: 'user', content: 'dengue treatment' },
      { role: 'user', content: 'what dose of paracetamol?' },
      { role: 'assistant', content: 'Give paracetamol…' },
    ]);
    expect(conversationHistory(long).map((turn) => turn.content)).toEqual(['question 0', 'question 1', 'question 2', 'question 3', 'question 4', 'question 5']);
  });

  it('shows relevance as a percent', () => {
    expect(relevancePercent(0.834)).toBe('83%');
    expect(relevancePercent(3)).toBe('100%');
  });
});

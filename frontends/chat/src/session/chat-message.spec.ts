import { describe, expect, it } from '@jest/globals';
import { applyReply, createUserMessage, latestProtocolTitle, startRetry, stopStreaming, type ChatMessage } from './chat-message';
import { testProtocol } from '../protocol/protocol.fixture';

const now = new Date('2025-06-15T10:00:00.000Z');
const later = new Date('2025-06-15T10:00:05.000Z');

const protocol = testProtocol();

describe('chat messages', () => {
  it('creates a pending user message with a msg_ id', () => {
    const message = createUserMessage('dengue symptoms', 'all', now);
    expect(message).toMatchObject({ type: 'user', content: 'dengue symptoms', status: 'pending', retryCount: 0, scope: 'all' });
    expect(message.timestamp).toBe('2025-06-15T10:00:00.000Z');
    expect(message.id).toMatch(/^msg_[a-z0-9]+_[0-9a-f]{12}$/);
  });

  it('grows a streamed reply in place, and a stop keeps what arrived', () => {
    const user = createUserMessage('dengue symptoms', 'all', now, 'msg_u');
    const searchMetadata = { totalResults: 1, resultsFound: 1, searchMethod: 'hybrid' as const, responseTimes: { search: 20, generation: 300 } };
    const first = { ...protocol, steps: protocol.steps.slice(0, 1) };
    const partial = applyReply([user], 'msg_u', { kind: 'protocol', content: 'Guide', protocol: first, searchMetadata }, later, 'msg_a', true);
    expect(partial).toHaveLength(2);
    expect(partial[1]).toMatchObject({ id: 'msg_a', streaming: true, protocolData: { steps: first.steps } });
    const grown = applyReply(partial, 'msg_u', { kind: 'protocol', content: 'Guide', protocol, searchMetadata, notice: 'From the sources.' }, later, 'msg_a', true);
    expect(grown).toHaveLength(2);
    expect(grown[1]).toMatchObject({ streaming: true, notice: 'From the sources.', protocolData: { steps: protocol.steps } });
    const stopped = stopStreaming(grown, 'msg_a');
    expect(stopped[1]).toMatchObject({ streaming: false, protocolData: { steps: protocol.steps } });
  });

  it('marks the message sent and appends a protocol answer', () => {
    const user = createUserMessage('dengue symptoms', 'all', now, 'msg_u');
    const searchMetadata = { totalResults: 72, resultsFound: 8, searchMethod: 'hybrid' as const, responseTimes: { search: 20, generation: 900 } };
    const messages = applyReply([user], 'msg_u', { kind: 'protocol', content: 'Symptoms Guide - Key symptoms to monitor:', protocol, searchMetadata }, later, 'msg_a');
    expect(messages[0]).toMatchObject({ id: 'msg_u', status: 'sent' });
    expect(messages[1]).toEqual({
      id: 'msg_a',
      type: 'assistant',
      content: 'Symptoms Guide - Key symptoms to monitor:',
      timestamp: '2025-06-15T10:00:05.000Z',
      replyTo: 'msg_u',
      kind: 'protocol',
      title: undefined,
      protocolData: protocol,
      searchMetadata,
      followUpQuestions: [],
      uncertaintyNote: null,
      usedNewSources: false,
      isFollowUp: false,
    });
  });

  it('marks the message failed with the error title', () => {
    const user = createUserMessage('dengue', 'all', now, 'msg_u');
    const messages = applyReply([user], 'msg_u', { kind: 'error', title: 'Search Error', content: 'The protocol search could not be completed.' }, later, 'msg_e');
    expect(messages[0]).toMatchObject({ status: 'failed', error: 'Search Error' });
    expect(messages[1]).toMatchObject({ kind: 'error', title: 'Search Error', replyTo: 'msg_u' });
  });

  it('retries a failed message: retrying, one more attempt, its error reply gone', () => {
    const user = createUserMessage('dengue', 'all', now, 'msg_u');
    const failed = applyReply([user], 'msg_u', { kind: 'error', title: 'Search Error', content: 'x' }, later, 'msg_e');
    const retry = startRetry(failed, 'msg_u');
    expect(retry?.retried).toMatchObject({ id: 'msg_u', status: 'retrying', retryCount: 1, error: undefined });
    expect(retry?.messages).toEqual([retry?.retried]);
  });

  it('does not retry a message that did not fail', () => {
    const user = createUserMessage('dengue', 'all', now, 'msg_u');
    expect(startRetry([user], 'msg_u')).toBeNull();
    expect(startRetry([user], 'msg_other')).toBeNull();
  });

  it('finds the newest protocol title', () => {
    const user = createUserMessage('dengue', 'all', now, 'msg_u');
    let messages: ChatMessage[] = applyReply([user], 'msg_u', { kind: 'text', content: 'Hello' }, later, 'msg_t');
    expect(latestProtocolTitle(messages)).toBeNull();
    const searchMetadata = { totalResults: 1, resultsFound: 1, searchMethod: 'hybrid' as const, responseTimes: { search: 1, generation: 1 } };
    messages = applyReply(messages, 'msg_u', { kind: 'protocol', content: 'x', protocol, searchMetadata }, later, 'msg_p');
    expect(latestProtocolTitle(messages)).toBe('Dengue: Warning Signs');
  });
});

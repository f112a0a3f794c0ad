import { describe, expect, it } from '@jest/globals';
import { applyReply, createUserMessage, type ChatMessage } from '../session/chat-message';
import { conversationPayload, hasAnswerToSave, shouldAutoSave, shouldRefreshSidebar } from './auto-save';
import { testProtocol } from '../protocol/protocol.fixture';

const t0 = new Date('2025-06-15T10:00:00.000Z');
const t1 = new Date('2025-06-15T10:00:04.000Z');

const protocol = testProtocol();
const searchMetadata = { totalResults: 72, resultsFound: 8, searchMethod: 'hybrid' as const, responseTimes: { search: 20, generation: 900 } };

function answered(): ChatMessage[] {
  const question = createUserMessage('What are the warning signs of severe dengue in children under five?', 'all', t0, 'msg_q');
  return applyReply([question], 'msg_q', { kind: 'protocol', content: 'Symptoms Guide - Key symptoms to monitor:', protocol, searchMetadata }, t1, 'msg_a');
}

describe('auto-save gating', () => {
  it('saves after an answer, not while loading, not after a question or an error', () => {
    const messages = answered();
    expect(hasAnswerToSave(messages, false)).toBe(true);
    expect(hasAnswerToSave(messages, true)).toBe(false);
    expect(hasAnswerToSave(messages.slice(0, 1), false)).toBe(false);
    expect(hasAnswerToSave([], false)).toBe(false);
    const failed = applyReply(messages.slice(0, 1), 'msg_q', { kind: 'error', title: 'Search Error', content: 'x' }, t1, 'msg_e');
    expect(hasAnswerToSave(failed, false)).toBe(false);
  });

  it('skips when signed out or saved less than 2 s before', () => {
    expect(shouldAutoSave({ signedIn: false, lastSavedAt: null, now: 10_000 })).toBe(false);
    expect(shouldAutoSave({ signedIn: true, lastSavedAt: null, now: 10_000 })).toBe(true);
    expect(shouldAutoSave({ signedIn: true, lastSavedAt: 8_001, now: 10_000 })).toBe(false);
    expect(shouldAutoSave({ signedIn: true, lastSavedAt: 8_000, now: 10_000 })).toBe(true);
  });

  it('refreshes the sidebar after a duplicate, a first save, or 3 s since the previous save', () => {
    expect(shouldRefreshSidebar({ wasDuplicate: true, previousSavedAt: 9_500, now: 10_000 })).toBe(true);
    expect(shouldRefreshSidebar({ wasDuplicate: false, previousSavedAt: null, now: 10_000 })).toBe(true);
    expect(shouldRefreshSidebar({ wasDuplicate: false, previousSavedAt: 7_000, now: 10_000 })).toBe(true);
    expect(shouldRefreshSidebar({ wasDuplicate: false, previousSavedAt: 7_001, now: 10_000 })).toBe(false);
  });
});

describe('conversationPayload', () => {
  it('titles the conversation by its first question and keeps the protocol with its checklist', () => {
    const payload = conversationPayload({ conversationId: 'conv_1', messages: answered(), createdAt: t0, now: t1 });
    expect(payload).toMatchObject({
      id: 'conv_1',
      title: 'What are the warning signs of severe dengue in chi...',
      last_query: 'What are the warning signs of severe dengue in children under five?',
      tags: ['medical-protocol'],
      created_at: '2025-06-15T10:00:00.000Z',
      updated_at: '2025-06-15T10:00:04.000Z',
    });
    expect(payload.messages[0]).toEqual({
      id: 'msg_q',
      type: 'user',
      content: 'What are the warning signs of severe dengue in children under five?',
      timestamp: '2025-06-15T10:00:00.000Z',
      protocol_data: null,
      citations: [],
      follow_up_questions: [],
      uncertainty_note: null,
      used_new_sources: false,
      is_follow_up: false,
    });
    expect(payload.messages[1]).toMatchObject({
      id: 'msg_a',
      type: 'assistant',
      content: 'Symptoms Guide - Key symptoms to monitor:',
      citations: protocol.citations,
      is_follow_up: false,
    });
    expect(payload.messages[1].protocol_data).toMatchObject({ title: 'Dengue: Warning Signs', checklist: [{ step: 1, text: 'Check for fever.' }] });
  });

  it('leaves error replies out and keeps the title of a guidance reply in its text', () => {
    const question = createUserMessage('dengue', 'user', t0, 'msg_q');
    let messages = applyReply([question], 'msg_q', { kind: 'error', title: 'Search Error', content: 'x' }, t1, 'msg_e');
    messages = applyReply(messages, 'msg_q', { kind: 'text', title: 'No protocols in your index yet', content: 'Upload.' }, t1, 'msg_g');
    const payload = conversationPayload({ conversationId: 'conv_1', messages, createdAt: t0, now: t1 });
    expect(payload.messages.map((message) => [message.id, message.content])).toEqual([
      ['msg_q', 'dengue'],
      ['msg_g', 'No protocols in your index yet\nUpload.'],
    ]);
  });
});

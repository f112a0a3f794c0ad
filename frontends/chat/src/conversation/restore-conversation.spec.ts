import { describe, expect, it } from '@jest/globals';
import { conversationPayload } from './auto-save';
import { messagesFromSaved } from './restore-conversation';
import { testProtocol } from '../protocol/protocol.fixture';
import type { ChatMessage } from '../session/chat-message';

describe('messagesFromSaved', () => {
  it('reads back what auto-save stored: the question, and the answer with its protocol card', () => {
    const protocol = testProtocol();
    const messages: ChatMessage[] = [
      { id: 'msg_1', type: 'user', content: 'dengue symptoms', timestamp: '2026-11-25T10:00:00.000Z', status: 'sent', retryCount: 0, scope: 'all' },
      {
        id: 'msg_2', type: 'assistant', content: 'Symptoms Guide - Key symptoms to monitor:', timestamp: '2026-11-25T10:00:01.000Z', replyTo: 'msg_1', kind: 'protocol',
        title: protocol.title, protocolData: protocol, followUpQuestions: ['What are the warning signs?'], uncertaintyNote: null, usedNewSources: false, isFollowUp: false,
      },
    ];
    const saved = conversationPayload({ conversationId: 'conv_1', messages, createdAt: new Date(), now: new Date() });
    const restored = messagesFromSaved(JSON.parse(JSON.stringify(saved)));
    expect(restored[0]).toEqual(messages[0]);
    expect(restored[1]).toMatchObject({ id: 'msg_2', type: 'assistant', kind: 'protocol', replyTo: 'msg_1', content: 'Symptoms Guide - Key symptoms to monitor:', title: protocol.title, followUpQuestions: ['What are the warning signs?'] });
    const restoredProtocol = (restored[1] as Extract<ChatMessage, { type: 'assistant' }>).protocolData!;
    expect(restoredProtocol.steps.map((step) => step.step)).toEqual(protocol.steps.map((step) => step.step));
    expect(restoredProtocol.citations).toEqual(protocol.citations);
  });

  it('reads nothing from something that is not a conversation', () => {
    expect(messagesFromSaved(null)).toEqual([]);
    expect(messagesFromSaved({ messages: 'x' })).toEqual([]);
  });
});

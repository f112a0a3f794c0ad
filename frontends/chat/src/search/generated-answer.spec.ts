import { describe, expect, it } from '@jest/globals';
import { readGeneratedAnswer } from './generated-answer';

const now = new Date(2025, 5, 15);

describe('readGeneratedAnswer', () => {
  it('shows a greeting as a message', () => {
    const body = { category: 'greeting', message: 'Hello! Ask me about a clinical protocol.', checklist: [], citations: [], title: 'Hello', intent: 'general' };
    expect(readGeneratedAnswer(body, 'hello', now)).toEqual({ kind: 'message', content: 'Hello! Ask me about a clinical protocol.' });
  });

  it('reads a protocol', () => {
    const answer = readGeneratedAnswer({ title: 'Dengue', checklist: [{ step: 1, text: 'Check fever.', citation: 1 }] }, 'dengue', now);
    expect(answer.kind).toBe('protocol');
    expect(answer.kind === 'protocol' && answer.protocol.steps).toHaveLength(1);
  });

  it('keeps a protocol without steps as a protocol', () => {
    expect(readGeneratedAnswer({ title: 'Dengue', checklist: [] }, 'dengue', now)).toMatchObject({ kind: 'protocol', protocol: { steps: [] } });
  });
});

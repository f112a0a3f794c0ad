import { describe, expect, it } from '@jest/globals';
import { chatInputProblem, prepareChatInput } from './chat-input';

describe('prepareChatInput', () => {
  it('trims the text', () => {
    expect(prepareChatInput('  dengue symptoms \n')).toBe('dengue symptoms');
  });

  it('refuses blank text and anything while loading', () => {
    expect(prepareChatInput('   ')).toBeNull();
    expect(prepareChatInput('malaria treatment', true)).toBeNull();
  });

  it('caps the text at 2000 characters', () => {
    expect(prepareChatInput('x'.repeat(2500))).toHaveLength(2000);
  });
});

describe('chatInputProblem', () => {
  it('refuses a message over 1000 characters once whitespace is collapsed, with the message check text', () => {
    expect(chatInputProblem('x'.repeat(1000))).toBeNull();
    expect(chatInputProblem(`  ${'x '.repeat(500)}  `)).toBeNull();
    expect(chatInputProblem('x'.repeat(1001))).toBe('Message too long (max 1000 characters)');
  });
});

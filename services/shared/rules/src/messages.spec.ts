import { describe, expect, it } from '@jest/globals';
import { MESSAGE_MAX_LENGTH, cleanChatMessage, validateChatMessage } from './messages.js';

describe('validateChatMessage', () => {
  it('rejects empty and blank messages', () => {
    expect(validateChatMessage('')).toBe('Message cannot be empty');
    expect(validateChatMessage('  \n ')).toBe('Message cannot be empty');
    expect(validateChatMessage(undefined)).toBe('Message cannot be empty');
  });

  it('rejects messages over 1000 characters', () => {
    expect(validateChatMessage('a'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(validateChatMessage('a'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe('Message too long (max 1000 characters)');
  });
});

describe('cleanChatMessage', () => {
  it('trims and collapses whitespace', () => {
    expect(cleanChatMessage('  dengue \n\n  symptoms\tin children ')).toBe('dengue symptoms in children');
  });

  it('cuts to 1000 characters', () => {
    expect(cleanChatMessage('b'.repeat(1500))).toHaveLength(MESSAGE_MAX_LENGTH);
  });
});

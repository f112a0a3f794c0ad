import { describe, expect, it } from '@jest/globals';
import { prepareChatInput } from './chat-input';

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

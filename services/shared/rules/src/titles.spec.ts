import { describe, expect, it } from '@jest/globals';
import { conversationTitle, newTabTitle, savedProtocolId } from './titles.js';

describe('titles', () => {
  it('cuts a conversation title at 50 characters with an ellipsis', () => {
    const query = 'What is the first-line treatment for uncomplicated falciparum malaria in adults?';
    expect(conversationTitle(query)).toBe(`${query.slice(0, 50)}...`);
    expect(conversationTitle('dengue symptoms')).toBe('dengue symptoms');
    expect(conversationTitle('x'.repeat(50))).toBe('x'.repeat(50));
    expect(conversationTitle('  dengue \n symptoms ')).toBe('dengue symptoms');
  });
  it('cuts a new tab title at 30 characters', () => {
    expect(newTabTitle('stroke warning signs and FAST test')).toBe('stroke warning signs and FAST ...');
  });
  it('derives the saved protocol id from the title', () => {
    expect(savedProtocolId('Dengue: Warning Signs (WHO 2012)')).toBe('protocol_dengue__warning_signs__who_2012_');
    expect(savedProtocolId('CPR')).toBe('protocol_cpr');
  });
});

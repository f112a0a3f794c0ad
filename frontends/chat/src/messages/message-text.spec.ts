import { describe, expect, it } from '@jest/globals';
import { textBlocks } from './message-text';

describe('textBlocks', () => {
  it('keeps lines as paragraphs and groups bullet lines into lists', () => {
    expect(textBlocks('Not found.\nSuggestions:\n- Rephrase\n- Upload\n\nThanks')).toEqual([
      { kind: 'paragraph', text: 'Not found.' },
      { kind: 'paragraph', text: 'Suggestions:' },
      { kind: 'list', items: ['Rephrase', 'Upload'] },
      { kind: 'paragraph', text: 'Thanks' },
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(textBlocks(' \n ')).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { parseMarkdownDocument, parseSections } from './markdown-document.js';

const markdown = `---
title: "Dengue: what to do"
organization: WHO
region: Global
year: 2012
disease: Dengue
topics: [dengue, severe dengue]
source_url: https://www.who.int/publications/i/item/9789241504713
last_reviewed: 2026-11-20
---

## Recognise

Intro sentence.

- Suspect dengue.
- Ask about pain.

## Treat
- Give fluids.
`;

describe('parseMarkdownDocument', () => {
  it('reads the front matter and the sections', () => {
    const document = parseMarkdownDocument(markdown);
    expect(document.frontMatter).toEqual({
      title: 'Dengue: what to do',
      organization: 'WHO',
      region: 'Global',
      year: 2012,
      disease: 'Dengue',
      topics: ['dengue', 'severe dengue'],
      source_url: 'https://www.who.int/publications/i/item/9789241504713',
      last_reviewed: '2026-11-20',
    });
    expect(document.sections).toEqual([
      { heading: 'Recognise', text: 'Intro sentence.\n- Suspect dengue.\n- Ask about pain.' },
      { heading: 'Treat', text: '- Give fluids.' },
    ]);
  });

  it('names the file and field when the front matter is wrong', () => {
    expect(() => parseMarkdownDocument(markdown.replace('year: 2012', 'year: soon'), 'who/x.md')).toThrow(
      /who\/x\.md: front matter field year/,
    );
    expect(() => parseMarkdownDocument('# no front matter', 'a.md')).toThrow('a.md: missing front matter');
  });

  it('keeps text before the first heading as an untitled section', () => {
    expect(parseSections('Plain text.\n\n## H\nMore.')).toEqual([
      { heading: '', text: 'Plain text.' },
      { heading: 'H', text: 'More.' },
    ]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { chunkDocument, type ProtocolDocumentInput } from './chunker.js';

const document = (sections: ProtocolDocumentInput['sections']): ProtocolDocumentInput => ({
  id: 'who/dengue',
  owner: 'global',
  source: 'starter',
  title: 'Dengue',
  organization: 'WHO',
  region: 'Global',
  year: 2012,
  disease: 'Dengue',
  topics: ['dengue'],
  sourceUrl: 'https://www.who.int/x',
  sections,
});

describe('chunkDocument', () => {
  it('makes one chunk per section carrying the document metadata', () => {
    const chunks = chunkDocument(
      document([
        { heading: 'Recognise', text: '- Suspect dengue.\n- Ask about pain.' },
        { heading: 'Treat', text: '- Give fluids.' },
      ]),
    );
    expect(chunks.map((c) => [c.id, c.section, c.body])).toEqual([
      ['who/dengue#1', 'Recognise', '- Suspect dengue.\n- Ask about pain.'],
      ['who/dengue#2', 'Treat', '- Give fluids.'],
    ]);
    expect(chunks[0]).toMatchObject({ title: 'Dengue', organization: 'WHO', year: 2012, owner: 'global', documentId: 'who/dengue' });
  });

  it('splits a long section between lines, never inside one', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `- Step ${i} ${'x'.repeat(40)}.`);
    const chunks = chunkDocument(document([{ heading: 'Long', text: lines.join('\n') }]), 150);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.id)).toEqual(chunks.map((_, i) => `who/dengue#1${i > 0 ? `.${i + 1}` : ''}`));
    expect(chunks.flatMap((c) => c.body.split('\n'))).toEqual(lines);
    for (const chunk of chunks) expect(chunk.body.length).toBeLessThanOrEqual(150);
  });

  it('links a section with a page to that page of its file, and leaves published documents as they are', () => {
    const upload = { ...document([{ heading: 'Dosing', text: 'Give 10 mg.', page: 4 }, { heading: 'Notes', text: 'None.' }]), sourceUrl: '/api/users/u/protocols/p/source', sourceFile: 'ward.pdf' };
    expect(chunkDocument(upload).map((c) => [c.sourceUrl, c.sourceFile, c.page])).toEqual([
      ['/api/users/u/protocols/p/source?page=4', 'ward.pdf', 4],
      ['/api/users/u/protocols/p/source', 'ward.pdf', undefined],
    ]);
    const [published] = chunkDocument(document([{ heading: 'Treat', text: 'Give fluids.' }]));
    expect(published.sourceUrl).toBe('https://www.who.int/x');
    expect(published).not.toHaveProperty('page');
    expect(published).not.toHaveProperty('sourceFile');
  });

  it('skips empty sections', () => {
    expect(chunkDocument(document([{ heading: 'Empty', text: '  \n ' }]))).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { create } from '@bufbuild/protobuf';
import { ProtocolDocumentSchema, type ProtocolCandidate } from '@cairn/contracts';
import { userChunks } from './protocol-events.consumer.js';

const protocol = create(ProtocolDocumentSchema, {
  protocolId: 'up_abc_0001',
  ownerId: 'uid-1',
  title: 'Ward sepsis bundle',
  organization: 'User upload',
  region: 'Global',
  year: 2024,
  disease: 'Ward sepsis bundle',
  sourceFile: 'ward-sepsis.pdf',
  sourceUrl: '/api/users/uid-1/protocols/up_abc_0001/source',
  sections: [{ heading: 'Ward sepsis bundle', body: 'Give antibiotics within one hour.', page: 2 }],
  documentTextRef: 'users/uid-1/protocols/up_abc_0001/source.json',
});

const text: ProtocolCandidate = {
  title: 'Ward sepsis bundle',
  sourceFile: 'ward-sepsis.pdf',
  year: 2024,
  sections: [
    { heading: 'Escalation', text: 'Call the outreach team on extension 4417.', page: 3, headingSize: 14 },
    { heading: '', text: 'Record the lactate.', page: 4, headingSize: 0 },
  ],
};

describe('userChunks', () => {
  it('indexes the steps and, after them, the document text, each linking its file at its page', () => {
    const chunks = userChunks(protocol, text);
    expect(chunks.map((chunk) => [chunk.id, chunk.section, chunk.body, chunk.page, chunk.sourceUrl])).toEqual([
      ['up_abc_0001#1', 'Ward sepsis bundle', 'Give antibiotics within one hour.', 2, '/api/users/uid-1/protocols/up_abc_0001/source?page=2'],
      ['up_abc_0001#2', 'Escalation', 'Call the outreach team on extension 4417.', 3, '/api/users/uid-1/protocols/up_abc_0001/source?page=3'],
      ['up_abc_0001#3', 'Ward sepsis bundle', 'Record the lactate.', 4, '/api/users/uid-1/protocols/up_abc_0001/source?page=4'],
    ]);
    for (const chunk of chunks) expect(chunk).toMatchObject({ owner: 'user:uid-1', documentId: 'up_abc_0001', source: 'protocol', sourceFile: 'ward-sepsis.pdf' });
  });

  it('indexes the steps alone when the document text is gone', () => {
    expect(userChunks(protocol, null).map((chunk) => chunk.body)).toEqual(['Give antibiotics within one hour.']);
  });

  it('gives a step without a known page its file without a page', () => {
    const [chunk] = userChunks(create(ProtocolDocumentSchema, { ...protocol, sections: [{ heading: 'x', body: 'Reassess.', page: 0 }] }), null);
    expect(chunk.sourceUrl).toBe('/api/users/uid-1/protocols/up_abc_0001/source');
    expect(chunk).not.toHaveProperty('page');
  });
});

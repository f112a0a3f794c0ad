import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { create } from '@bufbuild/protobuf';
import { ProtocolDocumentSchema, Topics, type ProtocolCandidate } from '@cairn/contracts';
import { InProcessEventBus, ProcessedEvents, SqliteDocumentStore, type BlobStore } from '@cairn/platform';
import { hashingEmbedder } from '../embedding/hashing-embedder.fixture.js';
import { SqliteKeywordIndex } from '../keyword/adapters/sqlite-keyword-index.adapter.js';
import { SqliteVectorIndex } from '../vector/adapters/sqlite-vector-index.adapter.js';
import { ChunkWriter } from './chunk-writer.js';
import { libraryChunks, ProtocolEventsConsumer, userChunks } from './protocol-events.consumer.js';

const approved = {
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
};
const protocol = create(ProtocolDocumentSchema, approved);

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
    const [chunk] = userChunks(create(ProtocolDocumentSchema, { ...approved, sections: [{ heading: 'x', body: 'Reassess.', page: 0 }] }), null);
    expect(chunk.sourceUrl).toBe('/api/users/uid-1/protocols/up_abc_0001/source');
    expect(chunk).not.toHaveProperty('page');
  });
});

describe('libraryChunks', () => {
  const copy = create(ProtocolDocumentSchema, { ...protocol, protocolId: 'lib_0001', ownerId: 'st-marys', documentTextRef: '' });

  it('indexes a library copy under its organisation, with the organisation\'s name', () => {
    const chunks = libraryChunks(copy, "St Mary's Hospital", text);
    expect(chunks).toHaveLength(3);
    for (const chunk of chunks) expect(chunk).toMatchObject({ owner: 'org:st-marys', documentId: 'lib_0001', source: 'protocol', hospital: "St Mary's Hospital" });
  });

  it('keeps its chunk ids apart from the protocol it was published from and from other organisations\' copies', () => {
    const sameId = create(ProtocolDocumentSchema, { ...protocol, ownerId: 'st-marys' });
    const own = userChunks(protocol).map((chunk) => chunk.id);
    const library = libraryChunks(sameId, "St Mary's Hospital").map((chunk) => chunk.id);
    const elsewhere = libraryChunks(create(ProtocolDocumentSchema, { ...sameId, ownerId: 'city-general' }), 'City General').map((chunk) => chunk.id);
    expect(library.filter((id) => own.includes(id) || elsewhere.includes(id))).toEqual([]);
  });

  it('names an organisation published without a name by its id', () => {
    expect(libraryChunks(copy, '')[0].hospital).toBe('st-marys');
  });
});

describe('ProtocolEventsConsumer', () => {
  let bus: InProcessEventBus;
  let keywords: SqliteKeywordIndex;
  let vectors: SqliteVectorIndex;
  const noBlobs = { get: async () => null } as unknown as BlobStore;
  const library = (title: string, body: string, protocolId = 'lib_0001', ownerId = 'st-marys') => ({
    protocol: { ...approved, protocolId, ownerId, title, disease: title, documentTextRef: '', sourceUrl: '', sections: [{ heading: title, body, page: 0 }] },
    organisationName: "St Mary's Hospital",
    sourceProtocolId: 'up_abc_0001',
  });
  const found = async (word: string, owners: string[]) => {
    const hits = await keywords.search({ terms: [word], owners, size: 10 });
    return (await keywords.get(hits.map((hit) => hit.id))).map((chunk) => `${chunk.owner} ${chunk.documentId} ${chunk.hospital ?? ''}`.trim());
  };

  beforeEach(async () => {
    bus = new InProcessEventBus({ producer: 'test', processed: new ProcessedEvents(new SqliteDocumentStore(':memory:')) });
    keywords = new SqliteKeywordIndex(':memory:');
    vectors = new SqliteVectorIndex(':memory:');
    await new ProtocolEventsConsumer(bus, noBlobs, new ChunkWriter(keywords, vectors, hashingEmbedder('hash', 16))).onModuleInit();
  });
  afterEach(async () => {
    await bus.close();
    await Promise.all([keywords.close(), vectors.close()]);
  });

  it('indexes a published protocol under its organisation', async () => {
    await bus.publish(Topics.protocolPublished, library('Ward sepsis bundle', 'Give antibiotics within one hour.'));
    await bus.idle();
    expect(await found('antibiotics', ['org:st-marys'])).toEqual(["org:st-marys lib_0001 St Mary's Hospital"]);
    expect(await found('antibiotics', ['global', 'user:uid-1', 'org:city-general'])).toEqual([]);
    expect(await vectors.count({ owner: 'org:st-marys' })).toBe(1);
  });

  it('replaces the earlier copy of a protocol published again, and a duplicate delivery changes nothing', async () => {
    await bus.publish(Topics.protocolPublished, library('Ward sepsis bundle', 'Give antibiotics within one hour.'));
    const replaced = library('Ward sepsis bundle', 'Take blood cultures before antibiotics.');
    await bus.publish(Topics.protocolPublished, replaced);
    await bus.publish(Topics.protocolPublished, replaced);
    await bus.idle();
    expect(await found('cultures', ['org:st-marys'])).toEqual(["org:st-marys lib_0001 St Mary's Hospital"]);
    expect(await found('hour', ['org:st-marys'])).toEqual([]);
    expect(await keywords.count({ owner: 'org:st-marys' })).toBe(1);
    expect(await vectors.count({ owner: 'org:st-marys' })).toBe(1);
  });

  it('removes an unpublished protocol, and only that one', async () => {
    await bus.publish(Topics.protocolPublished, library('Ward sepsis bundle', 'Give antibiotics within one hour.'));
    await bus.publish(Topics.protocolPublished, library('Antibiotic stewardship', 'Review antibiotics at 48 hours.', 'lib_0002'));
    await bus.publish(Topics.protocolUnpublished, { protocolId: 'lib_0001', organisationId: 'st-marys' });
    await bus.publish(Topics.protocolUnpublished, { protocolId: 'lib_0001', organisationId: 'st-marys' });
    await bus.idle();
    expect(await found('antibiotics', ['org:st-marys'])).toEqual(["org:st-marys lib_0002 St Mary's Hospital"]);
    expect(await vectors.count({ owner: 'org:st-marys' })).toBe(1);
  });

  it('leaves the library\'s protocols when the editor who published them is erased', async () => {
    await bus.publish(Topics.protocolApproved, { protocol: { ...approved, documentTextRef: '' } });
    await bus.publish(Topics.protocolPublished, library('Ward sepsis bundle', 'Give antibiotics within one hour.'));
    await bus.idle();
    expect(await found('antibiotics', ['user:uid-1', 'org:st-marys'])).toHaveLength(2);
    await bus.publish(Topics.userDeleted, { userId: 'uid-1' });
    await bus.idle();
    expect(await found('antibiotics', ['user:uid-1', 'org:st-marys'])).toEqual(["org:st-marys lib_0001 St Mary's Hospital"]);
    expect(await vectors.count({ owner: 'user:uid-1' })).toBe(0);
  });
});

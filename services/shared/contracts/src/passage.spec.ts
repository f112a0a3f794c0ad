import { describe, expect, it } from '@jest/globals';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { SearchHitSchema } from './gen/cairn/search/v1/search_pb.js';
import { passageFromSearchHit, searchHitFromPassage, type Passage } from './passage.js';

const passage: Passage = {
  text: 'Give oral rehydration solution in small frequent sips.',
  title: 'Dengue: fluids',
  organization: 'NHS',
  year: 2023,
  region: 'UK',
  url: 'https://www.nhs.uk/conditions/dengue/',
  section: 'Treatment',
  disease: 'Dengue',
  relevance: 8.4,
};

const overTheBus = (sent: Passage) => {
  const hit = create(SearchHitSchema, searchHitFromPassage(sent, { id: 'nhs#1', score: 0.03, owner: 'global' }));
  return fromBinary(SearchHitSchema, toBinary(SearchHitSchema, hit));
};

describe('a passage on the search.answered bus', () => {
  it('is carried with its provenance under the bus names', () => {
    expect(overTheBus(passage)).toMatchObject({ id: 'nhs#1', score: 0.03, owner: 'global', body: passage.text, sourceUrl: passage.url, relevance: 8.4, year: 2023 });
  });

  it('reads back as it was sent', () => {
    expect(passageFromSearchHit(overTheBus(passage))).toEqual(passage);
  });

  it('carries an unknown year as 0 and reads it back as unknown', () => {
    const undated = { ...passage, year: null };
    expect(overTheBus(undated).year).toBe(0);
    expect(passageFromSearchHit(overTheBus(undated)).year).toBeNull();
  });
});

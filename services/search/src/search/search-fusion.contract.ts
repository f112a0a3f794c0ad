import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_FUSION, fuseRankings } from '../ranking/fuse/hybrid-fusion.js';
import type { Embedder } from '../embedding/embedder.port.js';
import { ChunkWriter } from '../indexing/chunk-writer.js';
import { chunk } from '../keyword/keyword-index.contract.js';
import type { KeywordIndex } from '../keyword/keyword-index.port.js';
import { RelevanceScorer } from '../ranking/score/relevance.js';
import type { VectorIndex } from '../vector/vector-index.port.js';
import { SearchService, type RetrievalMode } from './search.service.js';

/** Each text's vector is the axis of the first concept it names: the embedder knows Weil's disease is leptospirosis. */
const CONCEPTS = [['leptospirosis', 'weil'], ['typhus'], ['dengue']];
const conceptEmbedder = (coverage: number): Embedder => {
  const embed = (text: string) => {
    const vector = new Float32Array(CONCEPTS.length + 1);
    const concept = CONCEPTS.findIndex((words) => words.some((word) => text.toLowerCase().includes(word)));
    vector[concept === -1 ? CONCEPTS.length : concept] = 1;
    return vector;
  };
  return {
    modelId: 'concepts',
    dimensions: CONCEPTS.length + 1,
    embedQuery: async (text) => embed(text),
    embedDocuments: async (texts) => texts.map(embed),
    queryCoverage: () => coverage,
  };
};

const CHUNKS = [
  chunk({ id: 'leptospirosis#1', title: 'Leptospirosis', body: 'Treat leptospirosis with doxycycline; severe leptospirosis needs penicillin.' }),
  chunk({ id: 'weil#1', title: "Weil's disease", body: 'Jaundice and kidney failure after flood water exposure; give doxycycline early and monitor urine output closely.' }),
  chunk({ id: 'typhus#1', title: 'Scrub typhus', body: 'Scrub typhus: doxycycline, doxycycline for seven days.' }),
  chunk({ id: 'dengue#1', title: 'Dengue', body: 'Dengue: oral fluids and paracetamol.' }),
];

/**
 * The hybrid ranking is the same fusion of the keyword and vector rankings whichever adapters hold
 * them: SQLite and in-process vectors, or Elasticsearch and Qdrant.
 */
export function describeSearchFusionContract(adapters: string, open: () => Promise<{ keywords: KeywordIndex; vectors: VectorIndex }>): void {
  describe(`hybrid fusion: ${adapters}`, () => {
    let indexes: { keywords: KeywordIndex; vectors: VectorIndex };
    const serviceWith = (coverage: number) => {
      const embedder = conceptEmbedder(coverage);
      return { embedder, service: new SearchService(indexes.keywords, indexes.vectors, embedder, new RelevanceScorer()) };
    };
    const ranking = async (service: SearchService, mode: RetrievalMode, query = 'leptospirosis doxycycline') =>
      (await service.search({ query, size: 10, owners: ['global'], mode, enhance: false })).hits.map((hit) => ({ id: hit.id, score: hit.fusion_score }));

    beforeAll(async () => {
      indexes = await open();
      await new ChunkWriter(indexes.keywords, indexes.vectors, conceptEmbedder(1)).write(CHUNKS);
    });
    afterAll(async () => {
      await Promise.all([indexes?.keywords.close(), indexes?.vectors.close()]);
    });

    it('ranks hybrid as the fusion of its keyword and vector rankings', async () => {
      const { service } = serviceWith(1);
      const [keyword, vector, hybrid] = await Promise.all((['keyword', 'vector', 'hybrid'] as const).map((mode) => ranking(service, mode)));
      expect(vector.slice(0, 2).map((hit) => hit.id).sort()).toEqual(['leptospirosis#1', 'weil#1']);
      expect(hybrid.map((hit) => hit.id)).toEqual(fuseRankings(keyword, vector, 1, DEFAULT_FUSION).map((hit) => hit.id));
    });

    it('keeps a clear keyword winner first, and lets the vector ranking lift what the keyword ranking holds low', async () => {
      const { service } = serviceWith(1);
      expect((await ranking(service, 'keyword')).map((hit) => hit.id)).toEqual(['leptospirosis#1', 'typhus#1', 'weil#1']);
      expect((await ranking(service, 'hybrid')).map((hit) => hit.id).slice(0, 3)).toEqual(['leptospirosis#1', 'weil#1', 'typhus#1']);
    });

    it('ranks by keyword alone when the embedder knows under half of the query', async () => {
      const { service } = serviceWith(0.4);
      expect((await ranking(service, 'hybrid')).map((hit) => hit.id)).toEqual((await ranking(service, 'keyword')).map((hit) => hit.id));
    });
  });
}

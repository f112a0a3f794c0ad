import { displayUrl } from '@cairn/platform';
import { rootCertificates } from 'node:tls';
import { Client, errors, type estypes } from '@elastic/elasticsearch';
import type { DocumentFilter, IndexedChunk, ScoredId } from '../../chunks/chunk.js';
import { COLUMN_WEIGHTS, diseaseField, type KeywordIndex, type KeywordQuery, type ScanPage } from '../keyword-index.port.js';
import { wholeDocumentPage } from '../whole-documents.js';
import { editDistance, maxEditsFor, ONE_EDIT_FROM, TWO_EDITS_FROM, TYPO_PREFIX_LENGTH } from '../spelling/edit-distance.js';

export interface ElasticsearchKeywordIndexOptions {
  url: string;
  index: string;
  /** Certificates the cluster's is checked against besides the system roots (ECK's self-signed CA). */
  ca?: string[];
  auth?: { username: string; password: string } | { apiKey: string };
}

/** One chunk as indexed: the searchable text, the filter fields, and the chunk itself (stored, not indexed). */
interface ChunkDocument {
  owner: string;
  documentId: string;
  source: string;
  title: string;
  disease: string;
  section: string;
  body: string;
  chunk: IndexedChunk;
}

/** The words of every text field as written (lower-cased, not stemmed): what typos are corrected towards. */
const SPELLING_FIELD = 'spelling';
const english = { type: 'text', analyzer: 'english', copy_to: SPELLING_FIELD } as const;

const CHUNK_MAPPINGS: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    owner: { type: 'keyword' },
    documentId: { type: 'keyword' },
    source: { type: 'keyword' },
    title: english,
    disease: english,
    section: english,
    body: english,
    [SPELLING_FIELD]: { type: 'text', analyzer: 'standard' },
    chunk: { type: 'object', enabled: false },
  },
};

/** 1 edit for words of 4–7 letters, 2 from 8, none shorter: the rule SqliteKeywordIndex applies. */
const FUZZINESS = `AUTO:${ONE_EDIT_FROM},${TWO_EDITS_FROM}`;

const SEARCH_FIELDS = Object.entries(COLUMN_WEIGHTS).map(([field, weight]) => (weight === 1 ? field : `${field}^${weight}`));
const BULK_BATCH = 500;
/** Elasticsearch's default result window: the most chunks one document's page can hold. */
const MAX_DOCUMENT_CHUNKS = 10_000;

function toDocument(chunk: IndexedChunk): ChunkDocument {
  return {
    owner: chunk.owner,
    documentId: chunk.documentId,
    source: chunk.source,
    title: chunk.title,
    disease: diseaseField(chunk),
    section: chunk.section,
    body: chunk.body,
    chunk,
  };
}

function filterQuery(filter: Partial<DocumentFilter>): estypes.QueryDslQueryContainer {
  const terms = (['owner', 'documentId', 'source'] as const)
    .filter((field) => filter[field] !== undefined)
    .map((field) => ({ term: { [field]: filter[field] } }));
  return terms.length > 0 ? { bool: { filter: terms } } : { match_all: {} };
}

const alreadyExists = (error: unknown) =>
  error instanceof errors.ResponseError && (error.body as { error?: { type?: string } })?.error?.type === 'resource_already_exists_exception';

/**
 * Chunks in one Elasticsearch index (one shard, so BM25 statistics and scores are comparable across
 * owners), ranked by BM25 with the `english` analyzer; disease and topics share the `disease` field.
 * Writes wait for a refresh, so a following search sees them.
 */
export class ElasticsearchKeywordIndex implements KeywordIndex {
  private constructor(
    private readonly client: Client,
    private readonly index: string,
  ) {}

  static async connect({ url, index, ca, auth }: ElasticsearchKeywordIndexOptions): Promise<ElasticsearchKeywordIndex> {
    const tls = ca ? { ca: [...rootCertificates, ...ca] } : undefined;
    const client = new Client({ node: url, requestTimeout: 30_000, maxRetries: 2, tls, auth });
    const keywordIndex = new ElasticsearchKeywordIndex(client, index);
    try {
      await keywordIndex.ensureIndex();
    } catch (error) {
      await client.close();
      throw new Error(`Elasticsearch at ${displayUrl(url)} (index ${index}) is not usable: ${(error as Error).message}`);
    }
    return keywordIndex;
  }

  private async ensureIndex(): Promise<void> {
    if (await this.client.indices.exists({ index: this.index })) return;
    try {
      await this.client.indices.create({ index: this.index, settings: { number_of_shards: 1 }, mappings: CHUNK_MAPPINGS });
    } catch (error) {
      if (!alreadyExists(error)) throw error;
    }
  }

  async upsert(chunks: IndexedChunk[]): Promise<void> {
    for (let start = 0; start < chunks.length; start += BULK_BATCH) {
      const batch = chunks.slice(start, start + BULK_BATCH);
      const response = await this.client.bulk<ChunkDocument>({
        refresh: 'wait_for',
        operations: batch.flatMap((chunk) => [{ index: { _index: this.index, _id: chunk.id } }, toDocument(chunk)]),
      });
      if (!response.errors) continue;
      const failed = response.items.map((item) => item.index).find((result) => result?.error);
      throw new Error(`Elasticsearch rejected chunk ${failed?._id}: ${failed?.error?.type}: ${failed?.error?.reason}`);
    }
  }

  async deleteDocuments(filter: DocumentFilter): Promise<number> {
    const response = await this.client.deleteByQuery({ index: this.index, query: filterQuery(filter), refresh: true, conflicts: 'proceed' });
    return response.deleted ?? 0;
  }

  async search(query: KeywordQuery): Promise<ScoredId[]> {
    if (query.terms.length === 0 || query.owners.length === 0 || query.size <= 0) return [];
    const response = await this.client.search({
      index: this.index,
      size: query.size,
      _source: false,
      track_total_hits: false,
      query: {
        bool: {
          filter: [{ terms: { owner: query.owners } }],
          should: termClauses(query),
          minimum_should_match: 1,
        },
      },
    });
    return response.hits.hits.map((hit) => ({ id: hit._id!, score: hit._score ?? 0 }));
  }

  /**
   * The term suggester over the unstemmed words, for words the index does not hold: its best
   * suggestion within the edits the word's length allows that a chunk of these owners holds (the
   * suggester reads every owner's words). An index created before the spelling field existed
   * suggests nothing until it is created again.
   */
  async corrections(words: string[], owners: string[]): Promise<Record<string, string>> {
    const typed = words.filter((word) => maxEditsFor(word) > 0);
    if (typed.length === 0) return {};
    const response = await this.client.search({
      index: this.index,
      size: 0,
      track_total_hits: false,
      suggest: {
        typos: {
          text: typed.join(' '),
          term: { field: SPELLING_FIELD, suggest_mode: 'missing', max_edits: 2, prefix_length: TYPO_PREFIX_LENGTH, min_word_length: ONE_EDIT_FROM },
        },
      },
    });
    const corrected: Record<string, string> = {};
    for (const entry of response.suggest?.typos ?? []) {
      const options = Array.isArray(entry.options) ? entry.options : [entry.options];
      const edits = maxEditsFor(entry.text);
      for (const option of options.filter((candidate) => candidate.text.length >= ONE_EDIT_FROM && editDistance(entry.text, candidate.text, edits) <= edits)) {
        if (!(await this.ownersHold(option.text, owners))) continue;
        corrected[entry.text] = option.text;
        break;
      }
    }
    return corrected;
  }

  private async ownersHold(word: string, owners: string[]): Promise<boolean> {
    const query = { bool: { filter: [{ terms: { owner: owners } }, { term: { [SPELLING_FIELD]: word } }] } };
    return (await this.client.count({ index: this.index, query })).count > 0;
  }

  async get(ids: string[]): Promise<IndexedChunk[]> {
    if (ids.length === 0) return [];
    const response = await this.client.mget<ChunkDocument>({ index: this.index, ids });
    return response.docs.flatMap((doc) => ('found' in doc && doc.found && doc._source ? [doc._source.chunk] : []));
  }

  async scan(afterDocumentId: string | null, limit: number): Promise<ScanPage> {
    // search_after, not a range query: a range on a keyword field is refused where expensive queries are off.
    const chunksWhere = async (query: estypes.QueryDslQueryContainer, size: number, after?: string) =>
      (
        await this.client.search<ChunkDocument>({
          index: this.index,
          query,
          sort: [{ documentId: 'asc' }],
          size,
          _source: ['chunk'],
          ...(after !== undefined && { search_after: [after] }),
        })
      ).hits.hits.flatMap((hit) => (hit._source ? [hit._source.chunk] : []));
    const page = await chunksWhere({ match_all: {} }, limit, afterDocumentId ?? undefined);
    return wholeDocumentPage(page, limit, (documentId) => chunksWhere({ term: { documentId } }, MAX_DOCUMENT_CHUNKS));
  }

  async count(filter: Partial<DocumentFilter> = {}): Promise<number> {
    return (await this.client.count({ index: this.index, query: filterQuery(filter) })).count;
  }

  async ping(): Promise<void> {
    if (!(await this.client.ping())) throw new Error('Elasticsearch did not answer the ping');
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/**
 * One match over every field for the words searched as typed, one with fuzziness for those that may
 * be typos, and one per alternative (a vocabulary's synonym) boosted to its weight.
 */
function termClauses(query: KeywordQuery) {
  const fuzzy = query.typoTolerance ? query.terms.filter((term) => maxEditsFor(term) > 0) : [];
  const exact = query.terms.filter((term) => !fuzzy.includes(term));
  const match = (terms: string[], typos: boolean) => ({
    multi_match: {
      query: terms.join(' '),
      fields: SEARCH_FIELDS,
      type: 'most_fields' as const,
      ...(typos && { fuzziness: FUZZINESS, prefix_length: TYPO_PREFIX_LENGTH }),
    },
  });
  const alternatives = (query.alternatives ?? []).map((alternative) => ({
    multi_match: { query: alternative.text, fields: SEARCH_FIELDS, type: 'most_fields' as const, boost: alternative.weight },
  }));
  return [...(exact.length > 0 ? [match(exact, false)] : []), ...(fuzzy.length > 0 ? [match(fuzzy, true)] : []), ...alternatives];
}

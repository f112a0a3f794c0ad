import { describe, expect, it } from '@jest/globals';
import { BM25_B, BM25_K1, Bm25Postings } from './bm25-postings.js';

const doc = (id: string, owner: string, title: string, body: string) => ({ id, owner, columns: [title.split(' '), body.split(' ')] });

describe('Bm25Postings', () => {
  it('scores with the BM25 formula, weighting term frequency per column and counting every column in the length', () => {
    const index = new Bm25Postings([2, 1]);
    index.put(doc('a', 'global', 'sepsis', 'give antibiotics within one hour'));
    index.put(doc('b', 'global', 'malaria', 'give artemisinin combination therapy today'));
    index.put(doc('c', 'global', 'asthma', 'give salbutamol'));
    const [hit] = index.search(['sepsis'], ['global'], 5);
    const idf = Math.log((3 - 1 + 0.5) / (1 + 0.5));
    const averageLength = (6 + 6 + 3) / 3;
    const frequency = 2;
    const expected = (idf * frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * 6) / averageLength));
    expect(hit.id).toBe('a');
    expect(hit.score).toBeCloseTo(expected, 10);
  });

  it('floors the idf of a term found everywhere at 1e-6 instead of going negative', () => {
    const index = new Bm25Postings([1, 1]);
    index.put(doc('a', 'global', 'give', 'fluids'));
    index.put(doc('b', 'global', 'give', 'oxygen'));
    const hits = index.search(['give'], ['global'], 5);
    expect(hits).toHaveLength(2);
    for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.score).toBeLessThan(1e-5);
  });

  it('matches any term, sums their scores, keeps only the owners asked for and honours size', () => {
    const index = new Bm25Postings([1, 1]);
    index.put(doc('a', 'global', 'dengue', 'fever fluids'));
    index.put(doc('b', 'global', 'malaria', 'fever'));
    index.put(doc('c', 'user:x', 'dengue', 'fever fluids'));
    index.put(doc('d', 'global', 'burns', 'cool water'));
    expect(index.search(['dengue', 'fever'], ['global'], 5).map((hit) => hit.id)).toEqual(['a', 'b']);
    expect(index.search(['dengue', 'fever'], ['user:x'], 5).map((hit) => hit.id)).toEqual(['c']);
    expect(index.search(['dengue', 'fever'], ['global', 'user:x'], 1)).toHaveLength(1);
    expect(index.search(['unknown'], ['global'], 5)).toEqual([]);
    expect(index.search(['dengue'], [], 5)).toEqual([]);
  });

  it('replaces a document put again, and forgets removed ones in the statistics too', () => {
    const index = new Bm25Postings([1, 1]);
    index.put(doc('a', 'global', 'dengue', 'fluids'));
    index.put(doc('a', 'global', 'malaria', 'artemisinin'));
    index.put(doc('b', 'global', 'burns', 'cool water'));
    expect(index.size).toBe(2);
    expect(index.search(['dengue'], ['global'], 5)).toEqual([]);
    expect(index.search(['malaria'], ['global'], 5).map((hit) => hit.id)).toEqual(['a']);
    const fresh = new Bm25Postings([1, 1]);
    fresh.put(doc('a', 'global', 'malaria', 'artemisinin'));
    fresh.put(doc('b', 'global', 'burns', 'cool water'));
    expect(index.search(['malaria', 'burns'], ['global'], 5)).toEqual(fresh.search(['malaria', 'burns'], ['global'], 5));
    expect(index.remove('a')).toBe(true);
    expect(index.remove('a')).toBe(false);
    expect(index.search(['malaria'], ['global'], 5)).toEqual([]);
  });

  it('ranks the same after many removals have compacted its postings', () => {
    const index = new Bm25Postings([1, 1]);
    const reference = new Bm25Postings([1, 1]);
    const words = ['fever', 'rash', 'cough', 'bleeding', 'shock', 'fluids', 'oxygen'];
    const text = (n: number) => words.filter((_, i) => (n >> i) % 2 === 1 || i === n % words.length).join(' ');
    for (let n = 0; n < 2000; n++) index.put(doc(`d${n}`, n % 3 === 0 ? 'user:x' : 'global', `t${n % 50}`, text(n)));
    for (let n = 0; n < 2000; n++) if (n % 4 !== 0) index.remove(`d${n}`);
    for (let n = 0; n < 2000; n += 4) reference.put(doc(`d${n}`, n % 3 === 0 ? 'user:x' : 'global', `t${n % 50}`, text(n)));
    expect(index.size).toBe(500);
    for (const terms of [['fever'], ['rash', 'shock'], ['t8', 'oxygen', 'cough']]) {
      const owners = ['global', 'user:x'];
      expect(index.search(terms, owners, 20)).toEqual(reference.search(terms, owners, 20));
    }
  });
});

describe('Bm25Postings with common terms', () => {
  const random = (() => {
    let seed = 7;
    return () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  })();
  const vocabulary = Array.from({ length: 400 }, (_, n) => `w${n}`);
  const zipfWord = () => vocabulary[Math.floor(vocabulary.length ** random()) - 1];
  const documents = Array.from({ length: 4000 }, (_, n) => ({
    id: `d${n}`,
    owner: n % 5 === 0 ? 'user:x' : 'global',
    columns: [Array.from({ length: 1 + (n % 4) }, zipfWord), Array.from({ length: 5 + (n % 40) }, zipfWord)],
  }));

  /** BM25 of every document, by the formula, with no pruning: what the pruned search must reproduce. */
  function bruteForce(terms: string[], owners: string[], size: number) {
    const weights = [2, 1];
    const lengths = documents.map((document) => document.columns.flat().length);
    const averageLength = lengths.reduce((a, b) => a + b, 0) / documents.length;
    const hitsOf = new Map(terms.map((term) => [term, documents.filter((other) => other.columns.flat().includes(term)).length]));
    const scored = documents.map((document, row) => {
      let score = 0;
      for (const term of terms) {
        const hits = hitsOf.get(term)!;
        if (hits === 0) continue;
        const idf = Math.max(1e-6, Math.log((documents.length - hits + 0.5) / (hits + 0.5)));
        const frequency = document.columns.reduce((sum, tokens, column) => sum + weights[column] * tokens.filter((t) => t === term).length, 0);
        if (frequency === 0) continue;
        score += (idf * frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[row]) / averageLength));
      }
      return { id: document.id, score, allowed: owners.includes(document.owner) };
    });
    return scored.filter((hit) => hit.allowed && hit.score > 0).sort((a, b) => b.score - a.score).slice(0, size);
  }

  it('returns exactly the top hits of an unpruned BM25 when it skips the postings of common terms', () => {
    const index = new Bm25Postings([2, 1]);
    for (const document of documents) index.put(document);
    const queries = [['w1', 'w0', 'w250'], ['w10', 'w1', 'w0'], ['w30', 'w31', 'w2', 'w1', 'w0'], ['w6', 'w7', 'w8', 'w2'], ['w300', 'w2', 'w3', 'w0'], ['w120', 'w121', 'w1', 'w5', 'w0', 'w0'], ['w399', 'w0']];
    for (const terms of queries) {
      for (const owners of [['global'], ['global', 'user:x']]) {
        const expected = bruteForce(terms, owners, 10);
        const hits = index.search(terms, owners, 10);
        expect(hits.map((hit) => hit.score)).toEqual(expected.map((hit) => expect.closeTo(hit.score, 9)));
        const tied = (score: number) => expected.filter((other) => Math.abs(other.score - score) < 1e-9).length > 1;
        hits.forEach((hit, rank) => !tied(hit.score) && expect(hit.id).toBe(expected[rank].id));
      }
    }
  });
});

/**
 * The reference the issue tables compare against: Okapi BM25 (k1 0.9, b 0.4, Lucene's idf) over lower-cased
 * alphanumeric words without stemming, synonyms or any of Cairn's query handling.
 */
const K1 = 0.9;
const B = 0.4;
const STOPWORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with what which who whom how do does did can could should would'.split(' '),
);

const words = (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !STOPWORDS.has(word));

export class ReferenceBm25 {
  private readonly postings = new Map<string, { document: number; frequency: number }[]>();
  private readonly lengths: number[] = [];
  private readonly ids: string[] = [];
  private averageLength = 0;

  constructor(documents: { id: string; text: string }[]) {
    documents.forEach((document, index) => {
      const counts = new Map<string, number>();
      const tokens = words(document.text);
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const [term, frequency] of counts) {
        if (!this.postings.has(term)) this.postings.set(term, []);
        this.postings.get(term)!.push({ document: index, frequency });
      }
      this.lengths.push(tokens.length);
      this.ids.push(document.id);
    });
    this.averageLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  search(query: string, size: number): string[] {
    const scores = new Map<number, number>();
    const count = this.ids.length;
    for (const term of new Set(words(query))) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      const idf = Math.log(1 + (count - postings.length + 0.5) / (postings.length + 0.5));
      for (const { document, frequency } of postings) {
        const norm = frequency + K1 * (1 - B + (B * this.lengths[document]) / this.averageLength);
        scores.set(document, (scores.get(document) ?? 0) + (idf * frequency * (K1 + 1)) / norm);
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, size)
      .map(([document]) => this.ids[document]);
  }
}

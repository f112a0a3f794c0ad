import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { LocalEmbedder } from './local-embedder.js';
import { encodeModel, parseModel, quantizeRows } from './model-file.js';

const protocol = (path: string) => readFileSync(new URL(`../../../corpus/${path}`, import.meta.url), 'utf8');
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const norm = (v: Float32Array) => Math.sqrt(cosine(v, v));

describe('LocalEmbedder with the shipped model', () => {
  let embedder: LocalEmbedder;

  beforeAll(async () => {
    embedder = await LocalEmbedder.load();
  });

  it('describes itself', () => {
    expect(embedder.modelId).toBe('cairn-local-embedder-v1');
    expect(embedder.dimensions).toBe(256);
  });

  it('returns unit-length vectors of the model dimension', () => {
    for (const vector of [embedder.embedQuery('dengue warning signs'), embedder.embedDocument(protocol('who/malaria-treatment.md'))]) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(256);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
  });

  it('is deterministic across calls and loads', async () => {
    const text = 'Sepsis: give antibiotics within one hour';
    const reloaded = await LocalEmbedder.load();
    expect(embedder.embedQuery(text)).toEqual(embedder.embedQuery(text));
    expect(reloaded.embedDocument(text)).toEqual(embedder.embedDocument(text));
  });

  it('embeds text without known terms as the zero vector', () => {
    expect(norm(embedder.embedQuery(''))).toBe(0);
    expect(norm(embedder.embedQuery('the of and'))).toBe(0);
  });

  it.each([
    ['heart attack response', 'cdc/heart-attack-emergency-response.md', 'cdc/malaria-treatment-united-states.md'],
    ['myocardial infarction', 'nhs/heart-attack-emergency-response.md', 'nhs/dengue-symptoms-warning-signs.md'],
    ['breakbone fever low platelets', 'who/dengue-warning-signs-management.md', 'who/tuberculosis-treatment-drug-susceptible.md'],
    ['severe allergic reaction epinephrine', 'nhs/anaphylaxis-emergency-treatment.md', 'nhs/type-2-diabetes-management.md'],
    ['face drooping and slurred speech', 'cdc/stroke-warning-signs-fast-test.md', 'cdc/influenza-antiviral-treatment.md'],
  ])('puts "%s" closer to %s than to %s', (query, related, unrelated) => {
    const q = embedder.embedQuery(query);
    expect(cosine(q, embedder.embedDocument(protocol(related)))).toBeGreaterThan(cosine(q, embedder.embedDocument(protocol(unrelated))));
  });

  it('puts clinical synonyms closer than unrelated conditions', () => {
    const heartAttack = embedder.embedQuery('heart attack');
    expect(cosine(heartAttack, embedder.embedDocument('acute myocardial infarction'))).toBeGreaterThan(cosine(heartAttack, embedder.embedDocument('plasmodium falciparum malaria')));
  });
});

describe('model file', () => {
  it('round-trips a model written by the training tools', () => {
    const vectors = Float32Array.from([1, 0, 0, 0, 0, 2, 0, 0, 0.5, 0.5, 0, 0]);
    const bytes = encodeModel({
      modelId: 'tiny',
      dimensions: 4,
      terms: ['fever', 'rash', 'cough'],
      inverseDocumentFrequency: Float32Array.from([1, 2, 1]),
      matrices: [quantizeRows(vectors, 3, 4)],
    });
    const embedder = LocalEmbedder.fromModel(parseModel(bytes));
    expect(embedder.modelId).toBe('tiny');
    const expectVector = (actual: Float32Array, expected: number[]) => expected.forEach((x, i) => expect(actual[i]).toBeCloseTo(x, 2));
    expectVector(embedder.embedQuery('Fevers!'), [1, 0, 0, 0]);
    expectVector(embedder.embedDocument('rash'), [0, 1, 0, 0]);
    expectVector(embedder.embedQuery('fever cough'), [1.5 / Math.hypot(1.5, 0.5), 0.5 / Math.hypot(1.5, 0.5), 0, 0]);
  });

  it('rejects files that are not models', () => {
    expect(() => parseModel(Buffer.from('not a model at all'))).toThrow('Not a Cairn local embedder model file');
  });
});

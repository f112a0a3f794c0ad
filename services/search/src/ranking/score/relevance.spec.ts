import { describe, expect, it } from '@jest/globals';
import { chunk } from '../../keyword/keyword-index.contract.js';
import { coverage, queryConcepts, RelevanceScorer } from './relevance.js';
import { stem } from '@cairn/rules';

const stems = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g)!.map(stem));

describe('queryConcepts', () => {
  it('weighs task words less than clinical words', () => {
    const concepts = queryConcepts('dengue symptoms');
    expect(concepts.find((c) => c.alternatives.some((a) => a[0] === stem('dengue')))?.weight).toBe(1);
    expect(concepts.find((c) => c.alternatives.some((a) => a[0] === stem('symptoms')))?.weight).toBe(0.4);
  });

  it('weighs numbers and units least: they say how much, not what about', () => {
    const weights = new Map(queryConcepts('lactate over 4, bolus 30 ml/kg in 15 minutes').map((c) => [c.alternatives[0][0], c.weight]));
    expect(Object.fromEntries(weights)).toEqual({ [stem('lactate')]: 1, '4': 0.1, over: 0.1, [stem('bolus')]: 1, '30': 0.1, ml: 0.1, kg: 0.1, '15': 0.1, [stem('minutes')]: 0.1 });
    const metformin = new Map(queryConcepts('metformin 500mg').map((c) => [c.alternatives[0][0], c.weight]));
    expect(Object.fromEntries(metformin)).toEqual({ [stem('metformin')]: 1, '500mg': 0.1 });
  });

  it('counts the words that say when or which side of a limit as little as amounts', () => {
    const concepts = queryConcepts('blood pressure before thrombolysis');
    expect(concepts.find((concept) => concept.alternatives[0][0] === stem('before'))?.weight).toBe(0.1);
    expect(queryConcepts('what is fever').every((concept) => concept.weight === 1)).toBe(true);
  });

  it('merges a phrase and its clinical synonyms into one concept', () => {
    const concepts = queryConcepts('heart attack response');
    const heartAttack = concepts.find((c) => c.alternatives.some((a) => a.join(' ') === ['heart', 'attack'].map(stem).join(' ')));
    expect(heartAttack?.alternatives).toEqual(expect.arrayContaining([['myocardi', 'infarct'].map(stem)]));
    expect(concepts).toHaveLength(2);
  });

  it('finds lay phrases whose words include stopwords, and keeps their negation', () => {
    const concepts = queryConcepts('losing lots of blood after having the baby');
    expect(concepts.map((c) => c.alternatives.some((a) => a.join(' ') === stem('postpartum')))).toContain(true);
    expect(concepts.map((c) => c.alternatives.some((a) => a.join(' ') === ['blood', 'loss'].map(stem).join(' ')))).toContain(true);
    expect(concepts).toHaveLength(2);
    const crying = queryConcepts('baby crying all night').flatMap((c) => c.alternatives.map((a) => a.join(' ')));
    expect(crying).not.toContain(['not', 'breathing'].map(stem).join(' '));
  });

  it('expands abbreviations', () => {
    const [mi] = queryConcepts('MI');
    expect(mi.alternatives).toEqual(expect.arrayContaining([['myocardial', 'infarction'].map(stem)]));
  });

  it('reads the plurals of abbreviations and lay terms', () => {
    const [dhfs] = queryConcepts('DHFs');
    expect(dhfs.alternatives).toEqual(expect.arrayContaining([['dengue', 'haemorrhagic', 'fever'].map(stem)]));
    const epipens = queryConcepts('two EpiPens');
    expect(epipens).toHaveLength(2);
    expect(epipens[1].alternatives).toEqual(expect.arrayContaining([['adrenaline', 'auto', 'injector'].map(stem)]));
  });
});

describe('coverage', () => {
  const concepts = queryConcepts('heart attack aspirin');
  it('is 1 when every concept is in the headline, less when only in the text', () => {
    expect(coverage(concepts, stems('Myocardial infarction aspirin'), new Set())).toBe(1);
    const textOnly = coverage(concepts, new Set(), stems('give aspirin after a heart attack'));
    expect(textOnly).toBeCloseTo(0.85, 5);
  });
  it('counts the share of concepts found', () => {
    expect(coverage(concepts, stems('aspirin'), new Set())).toBeCloseTo(0.5, 5);
    expect(coverage(concepts, stems('dengue'), new Set())).toBe(0);
    expect(coverage([], stems('dengue'), new Set())).toBe(0);
  });
});

describe('RelevanceScorer.topicCoverage', () => {
  const relevance = new RelevanceScorer();
  const topics = (query: string, ...names: string[]) =>
    relevance.topicCoverage(queryConcepts(query), chunk({ id: `${names.join()}#1`, disease: 'Hypertension', topics: names }));

  it('counts a topic named by its head or by at least half of its words', () => {
    expect(topics('amlodipine', 'amlodipine')).toBe(1);
    expect(topics('salt', 'salt intake')).toBe(1);
    expect(topics('intake', 'salt intake')).toBe(1);
    expect(topics('fever', 'fever in returning travellers')).toBe(1);
    expect(topics('shortness of breath', 'shortness of breath')).toBe(1);
    expect(topics('target', 'blood pressure target')).toBe(1);
    expect(topics('concussion', 'Concussion (Mild Traumatic Brain Injury)')).toBe(1);
    expect(topics('overdose', 'after an overdose')).toBe(1);
  });

  it('does not count a word that only modifies a longer topic', () => {
    expect(topics('pills', 'single-pill combination')).toBe(0);
    expect(topics('blood', 'high blood pressure')).toBe(0);
    expect(topics('after', 'drive after TIA')).toBe(0);
  });
});

describe('concept specificity', () => {
  it('reads everyday words as less specific than clinical ones, and a known clinical phrase as specific', () => {
    const byStem = new Map(queryConcepts('statins at night').map((c) => [c.alternatives[0].join(' '), c.specificity]));
    expect(byStem.get(stem('statins'))).toBe(1);
    expect(byStem.get(stem('night'))).toBeLessThan(0.3);
    const [, sideEffects] = queryConcepts('statins side effects');
    expect(sideEffects.specificity).toBeGreaterThanOrEqual(0.55);
    const [heartAttack] = queryConcepts('heart attack');
    expect(heartAttack.specificity).toBeGreaterThanOrEqual(0.55);
  });
});

describe('RelevanceScorer.score', () => {
  const relevance = new RelevanceScorer();
  const guideline = chunk({
    id: 'up#1',
    title: 'Hyperkalaemia in adults',
    section: 'Emergency treatment',
    body: 'Give calcium gluconate 10% 30 ml intravenously, then insulin with glucose to shift potassium into cells.',
  });
  it('scores an upload that holds every word of an exact query at 6 or more, and one about something else under 6', () => {
    const exact = relevance.concepts('hyperkalaemia calcium gluconate insulin');
    expect(relevance.score(exact, guideline, null, null)).toBeGreaterThanOrEqual(6);
    expect(relevance.score(relevance.concepts('dengue warning signs in children'), guideline, null, null)).toBeLessThan(6);
  });
  it('stays on the 0–10 scale', () => {
    const score = relevance.score(relevance.concepts('calcium'), guideline, 0.4, 'some-other-embedder');
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(10);
  });
});

import { describe, expect, it } from '@jest/globals';
import { chunk } from '../../keyword/keyword-index.contract.js';
import { RelevanceScorer } from '../score/relevance.js';
import { searchPreferences } from './search-preferences.js';

const relevance = new RelevanceScorer();
const ids = (ranking: { id: string }[]) => ranking.map((hit) => hit.id);

const candidates = [
  chunk({ id: 'covid#1', title: 'COVID-19 home care', disease: 'COVID-19', topics: ['breathless'], section: 'Warning signs' }),
  chunk({ id: 'asthma#1', title: 'Asthma attack', disease: 'Asthma', topics: ['asthma attack', 'wheeze'], section: 'Assess severity in adults' }),
  chunk({ id: 'asthma#2', title: 'Asthma attack', disease: 'Asthma', topics: ['asthma attack', 'wheeze'], section: 'Children aged 2 years and over' }),
  chunk({ id: 'fever#1', title: 'Fever in children', disease: 'Fever in Children', topics: ['childhood fever'], section: 'Danger signs' }),
];

describe('searchPreferences', () => {
  it("prefers the protocols whose disease and topics are the query's, and of those the sections for its population", () => {
    const [topic, population] = searchPreferences(candidates, 'asthma attack in a toddler', relevance);
    expect(ids(topic.ranking)).toEqual(['asthma#1', 'asthma#2']);
    expect(ids(population.ranking)).toEqual(['asthma#2']);
    const [, adults] = searchPreferences(candidates, 'asthma attack in adults', relevance);
    expect(ids(adults.ranking)).toEqual(['asthma#1']);
  });

  it('weighs the words few candidates hold above the words most of them hold', () => {
    const drugs = [
      chunk({ id: 'flu#1', title: 'Influenza antivirals', disease: 'Influenza', topics: ['oseltamivir', 'high-risk groups'], body: 'Treat high-risk patients.' }),
      chunk({ id: 'flu#2', title: 'Influenza antivirals', disease: 'Influenza', topics: ['oseltamivir', 'high-risk groups'], body: 'High risk of complications.' }),
      chunk({ id: 'covid#1', title: 'COVID-19 treatment', disease: 'COVID-19', topics: ['paxlovid'], body: 'Give Paxlovid to patients at high risk.' }),
      ...[1, 2, 3, 4].map((n) =>
        chunk({ id: `bp#${n}`, title: 'Hypertension', disease: 'Hypertension', topics: ['blood pressure'], body: 'High blood pressure raises the risk of stroke.' }),
      ),
    ];
    expect(ids(searchPreferences(drugs, 'paxlovid for high risk patients', relevance)[0].ranking)[0]).toBe('covid#1');
  });

  it('ranks the chunks of the protocols about the query by how much of it their own words say', () => {
    const fever = [
      chunk({ id: 'fever#1', title: 'Fever in children', disease: 'Childhood Fever', topics: ['fever', 'ibuprofen'], body: 'Give paracetamol or ibuprofen.' }),
      chunk({ id: 'dengue#1', title: 'Dengue', disease: 'Dengue', topics: ['dengue fever'], body: 'Give fluids for dengue shock.' }),
      chunk({ id: 'dengue#2', title: 'Dengue', disease: 'Dengue', topics: ['dengue fever'], body: 'Do not give ibuprofen or aspirin in dengue fever.' }),
    ];
    expect(ids(searchPreferences(fever, 'can I take ibuprofen for dengue fever', relevance)[0].ranking)[0]).toBe('dengue#2');
  });

  it('breaks a tie between protocols equally about the query by the one whose title and section name it', () => {
    const diabetes = ['icmr', 'cdc'].map((organisation) =>
      chunk({
        id: `${organisation}#1`,
        title: organisation === 'cdc' ? 'Diabetes management: targets and hypoglycaemia' : 'Type 2 diabetes management',
        disease: 'Diabetes',
        topics: ['diabetes', 'hypoglycaemia'],
        section: 'Medicines',
        body: 'Treat hypoglycaemia with fast-acting glucose.',
      }),
    );
    expect(ids(searchPreferences(diabetes, 'hypoglycaemia treatment', relevance)[0].ranking)).toEqual(['cdc#1', 'icmr#1']);
    const sections = [
      chunk({ id: 'stroke#1', title: 'Stroke', disease: 'Stroke', topics: ['stroke', 'TIA'], section: 'Hospital treatment', body: 'Give aspirin 300 mg.' }),
      chunk({ id: 'stroke#2', title: 'Stroke', disease: 'Stroke', topics: ['stroke', 'TIA'], section: 'Suspected TIA', body: 'Give aspirin 300 mg.' }),
    ];
    expect(ids(searchPreferences(sections, 'TIA aspirin', relevance)[0].ranking)).toEqual(['stroke#2', 'stroke#1']);
  });

  it('leaves the population preference to sections equally about the query, whatever their names', () => {
    const asthma = [
      chunk({ id: 'asthma#7', title: 'Asthma attack', disease: 'Asthma', topics: ['asthma attack'], section: 'Severity', body: 'Assess the attack.' }),
      chunk({ id: 'asthma#8', title: 'Asthma attack', disease: 'Asthma', topics: ['asthma attack'], section: 'Children aged 2 years and over', body: 'Assess severity.' }),
    ];
    const [topic, population] = searchPreferences(asthma, 'asthma attack severity in a toddler', relevance);
    expect(ids(topic.ranking)).toEqual(['asthma#7', 'asthma#8']);
    expect(ids(population.ranking)).toEqual(['asthma#8']);
  });

  it("finds no topic for an adult in a protocol titled for newborns, or for a child in one titled for adults", () => {
    const resuscitation = [
      chunk({ id: 'newborn#1', title: 'Newborn resuscitation', disease: 'Birth Asphyxia', topics: ['resuscitation', 'not breathing'], body: 'Dry the baby.' }),
      chunk({ id: 'cpr#1', title: 'CPR for cardiac arrest in adults', disease: 'Cardiac Arrest', topics: ['CPR', 'resuscitation'], body: 'Push hard.' }),
    ];
    expect(ids(searchPreferences(resuscitation, 'resuscitation for grandad, not breathing', relevance)[0].ranking)).toEqual(['cpr#1']);
    expect(ids(searchPreferences(resuscitation, 'resuscitation of a newborn, not breathing', relevance)[0].ranking)).toEqual(['newborn#1']);
    expect(ids(searchPreferences(resuscitation, 'resuscitation, not breathing', relevance)[0].ranking)).toEqual(['newborn#1', 'cpr#1']);
  });

  it('prefers no population when the query names none, and nothing when no protocol is about the query', () => {
    expect(searchPreferences(candidates, 'asthma attack', relevance)[1].ranking).toEqual([]);
    expect(searchPreferences(candidates, 'snakebite antivenom for a child', relevance).every((preference) => preference.ranking.length === 0)).toBe(true);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { Passage } from '@cairn/contracts';
import { tokenize } from '@cairn/rules';
import { withLeadDocument } from './lead-document.js';
import { toSources } from './source.js';

const passage = (title: string, section: string, text: string, relevance: number): Passage => ({
  text,
  title,
  organization: 'CDC',
  year: 2024,
  region: 'United States',
  url: '',
  section,
  relevance,
});
const concussion = 'Concussion: recognition and return to sport';
const found = toSources([
  passage(concussion, 'Recognize a possible concussion', 'Suspect concussion after a blow to the head followed by new symptoms.', 7.6),
  passage('Stroke warning signs', 'Recognize stroke', 'Call an ambulance for sudden face drooping.', 0.3),
  passage('Head injury assessment', 'CT head for adults', 'Perform CT within 8 hours for adults on anticoagulants.', 0.1),
]);
const stems = tokenize('son hit head at football now foggy and dizzy concussion');
const moreOfTheLead = async (text: string) =>
  text === concussion
    ? [
        found[0],
        passage(concussion, 'Return to sports', 'Return to sport step by step, with at least 24 hours at each step.', 2),
        passage('Stroke warning signs', 'Recognize stroke', 'Note the time symptoms started.', 1),
      ]
    : [];

describe('withLeadDocument', () => {
  it('replaces the sources about something else with more passages of the document search ranked first', async () => {
    const sources = await withLeadDocument(found, stems, moreOfTheLead);
    expect(sources.map((source) => [source.id, source.section])).toEqual([
      [1, 'Recognize a possible concussion'],
      [2, 'Return to sports'],
    ]);
  });

  it('tops up from the lead document when its passage, scored low and titled otherwise, says a good part of the lay question', async () => {
    const heat = 'Heat stroke: recognition and rapid cooling';
    const lay = toSources([
      passage(heat, 'Recognize heat stroke', 'Suspect heat stroke when a person in a hot place becomes confused or collapses.', 4.9),
      passage('Burns and scalds', 'When to go to A&E', 'Send people with burns larger than their hand to A&E.', 4.6),
    ]);
    const cooling = passage(heat, 'Cool the person', 'Start cooling at once in cold water.', 3);
    const asked = tokenize('labourer collapsed in the sun, confused, skin burning hot');
    expect((await withLeadDocument(lay, asked, async (text) => (text === heat ? [cooling] : []))).map((source) => source.section)).toEqual([
      'Recognize heat stroke',
      'Cool the person',
    ]);
    expect(await withLeadDocument(lay, tokenize('labourer fell from a ladder, leg twisted, skin grazed'), async () => [cooling])).toBe(lay);
  });

  it('does not top up from a lead that shares a few words with the question when another document is about it', async () => {
    const stroke = 'Stroke: thrombolysis';
    const found = toSources([
      passage(stroke, 'Thrombolysis', 'Do not give alteplase to a patient taking warfarin or with major active bleeding.', 4.8),
      passage('Anticoagulant reversal', 'Warfarin reversal', 'Give prothrombin complex concentrate and IV vitamin K for major bleeding on warfarin.', 4.5),
      passage('Burns and scalds', 'First aid', 'Cool the burn under running water for 20 minutes.', 0.2),
    ]);
    const alteplase = passage(stroke, 'Thrombolysis', 'Give alteplase 0.9 mg/kg IV within 4.5 hours of onset.', 3);
    expect(await withLeadDocument(found, tokenize('warfarin reversal for major bleeding'), async (text) => (text === stroke ? [alteplase] : []))).toBe(found);
  });

  it('leaves the sources alone when the lead is not about the question or nothing more of it is found', async () => {
    const unjudged = toSources(found.map((source, index) => ({ ...source, relevance: index === 0 ? 2 : source.relevance })));
    expect(await withLeadDocument(unjudged, tokenize('pancreatitis'), moreOfTheLead)).toBe(unjudged);
    expect(await withLeadDocument(found, stems, async () => [])).toBe(found);
  });

  it('keeps the lead, leaves sources that are all about the question alone, and does not read the title search as judging the question', async () => {
    const named = toSources([{ ...found[0], relevance: 4, section: 'Return to play' }, found[1]]);
    const kept = await withLeadDocument(named, tokenize('concussion return to play'), async () => [
      passage(named[0].title, 'Danger signs', 'Go to the emergency department for repeated vomiting.', 9),
    ]);
    expect(kept.map((source) => source.section)).toEqual(['Return to play', 'Danger signs']);
    expect(kept[1].relevance).toBeUndefined();
    const allAbout = toSources([found[0], { ...found[0], text: 'Keep the athlete out of play for the day.', section: 'Same day' }]);
    expect(await withLeadDocument(allAbout, stems, moreOfTheLead)).toBe(allAbout);
    const plain = toSources(['Suspect concussion after a blow to the head.', 'Call an ambulance for sudden face drooping.']);
    expect(await withLeadDocument(plain, stems, moreOfTheLead)).toBe(plain);
  });
});

import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { classifyIntent, STEP_MAX_LENGTH, MAX_STEPS } from '@cairn/rules';
import { groundSteps } from '../grounding/grounding-check.js';
import { toSources, type Source } from '../sources/source.js';
import { ExtractiveGenerator } from './extractive-generator.js';
import type { QueryUnderstanding } from './on-topic-sources.js';

const corpus = resolve(import.meta.dirname, '../../../search/corpus');

/** A starter document's sections as snippets, the way search hits arrive. */
function snippetsOf(path: string) {
  const markdown = readFileSync(join(corpus, path), 'utf8');
  const title = /^title: "?(.+?)"?$/m.exec(markdown)![1];
  const organization = /^organization: (.+)$/m.exec(markdown)![1];
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [heading, ...lines] = section.split('\n');
      return { text: lines.join('\n').trim(), title, organization, year: 2024, region: 'Global', url: 'https://example.org', section: heading.trim() };
    });
}

async function generate(title: string, sources: Source[], understanding?: QueryUnderstanding) {
  return new ExtractiveGenerator().generate({ title, intent: classifyIntent(title), sources, instructions: '', understanding });
}

/** Every step is a sentence of the source it cites. */
function expectQuoted(steps: { text: string; citation: number }[], sources: Source[]) {
  for (const step of steps) {
    const body = step.text.replace(/\.\.\.$|\.$/, '');
    expect(sources.find((s) => s.id === step.citation)!.text.toLowerCase()).toContain(body.slice(0, 60).toLowerCase());
  }
}

describe('ExtractiveGenerator', () => {
  let dengue: Source[];

  beforeAll(() => {
    const who = readdirSync(join(corpus, 'who')).find((file) => file.startsWith('dengue'))!;
    const cdc = readdirSync(join(corpus, 'cdc')).find((file) => file.startsWith('dengue'))!;
    dengue = toSources([...snippetsOf(`who/${who}`).slice(0, 3), ...snippetsOf(`cdc/${cdc}`).slice(0, 3)]);
  });

  it('builds cleaned steps only from sentences of the sources, each citing where it came from', async () => {
    const { steps } = await generate('dengue symptoms', dengue);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.length).toBeLessThanOrEqual(MAX_STEPS);
    for (const step of steps) {
      const source = dengue.find((s) => s.id === step.citation)!;
      const body = step.text.replace(/\.\.\.$|\.$/, '');
      expect(source.text.toLowerCase()).toContain(body.slice(0, 60).toLowerCase());
      expect(step.text.length).toBeLessThanOrEqual(STEP_MAX_LENGTH + 3);
      expect(step.text).toMatch(/^[A-Z0-9].*[.!?]$/);
      expect(step.citations[0]).toBe(step.citation);
    }
    expect(new Set(steps.map((s) => s.text.toLowerCase())).size).toBe(steps.length);
  });

  it('passes its own grounding check entirely', async () => {
    const { steps } = await generate('dengue symptoms', dengue);
    const { report } = groundSteps(steps, dengue);
    expect(report).toMatchObject({ supported: steps.length, recited: 0, dropped: 0 });
  });

  it('gives explanations from the same source', async () => {
    const { steps } = await generate('dengue warning signs', dengue);
    const explained = steps.filter((step) => step.explanation);
    expect(explained.length).toBeGreaterThan(0);
    for (const step of explained) {
      expect(dengue.find((s) => s.id === step.citation)!.text).toContain(step.explanation.slice(0, 40));
    }
  });

  it('is deterministic', async () => {
    expect(await generate('dengue symptoms', dengue)).toEqual(await generate('dengue symptoms', dengue));
  });

  it('leaves out sources that are not about the query', async () => {
    const offTopic = toSources([{ text: 'Give artesunate 2.4 mg/kg for severe malaria.', title: 'Malaria treatment', organization: 'WHO' }]);
    expect((await generate('dengue symptoms', offTopic)).steps).toEqual([]);
  });

  describe('chooses steps by what search understood of the question', () => {
    const asHits = (sources: Source[], relevance: number) => sources.map((source) => ({ ...source, relevance, disease: 'Dengue' }));
    let heat: Source[];

    beforeAll(() => {
      const cdc = readdirSync(join(corpus, 'cdc')).find((file) => file.startsWith('heat-stroke'))!;
      const icmr = readdirSync(join(corpus, 'icmr')).find((file) => file.startsWith('heat-stroke'))!;
      heat = toSources([...snippetsOf(`icmr/${icmr}`).slice(0, 3), ...snippetsOf(`cdc/${cdc}`).slice(0, 3)]);
    });

    it("builds 5 or more steps for 'DHF' from the dengue passages search judged about it", async () => {
      const { steps } = await generate('DHF', asHits(dengue, 8.6));
      expect(steps.length).toBeGreaterThanOrEqual(5);
      expectQuoted(steps, dengue);
    });

    it("builds none for 'DHF' from passages nothing says are about it", async () => {
      expect((await generate('DHF', asHits(dengue, 2.1).map((source) => ({ ...source, disease: undefined })))).steps.length).toBeLessThan(5);
    });

    it("builds 5 or more steps for 'sunstroke' from the heat stroke protocol, read with search's expansion", async () => {
      const { steps } = await generate('sunstroke', heat, { expansions: ['heat stroke', 'heatstroke'] });
      expect(steps.length).toBeGreaterThanOrEqual(5);
      expectQuoted(steps, heat);
    });

    it('builds 5 or more steps for a misspelt question from the query as search corrected it', async () => {
      expect((await generate('denge fevr treatmnt', dengue)).steps.length).toBeLessThan(5);
      const { steps } = await generate('denge fevr treatmnt', dengue, { correctedQuery: 'dengue fever treatment' });
      expect(steps.length).toBeGreaterThanOrEqual(5);
      expectQuoted(steps, dengue);
    });

    it('takes in the other passages of the document search ranked first when its text mentions the question', async () => {
      const { steps } = await generate('platelets dropping', dengue);
      expect(steps.length).toBeGreaterThanOrEqual(5);
    });
  });

  it('leaves out passages about another disease when the question names the disease of the passage ranked first', async () => {
    const asHits = (sources: Source[], disease: string) => sources.map((source) => ({ ...source, relevance: 9.6, disease }));
    const rabies = asHits(toSources(snippetsOf('who/rabies-post-exposure-prophylaxis.md')), 'Rabies');
    const measles = asHits(toSources(snippetsOf('cdc/measles-recognition-post-exposure-prophylaxis.md')), 'Measles');
    const sources = toSources([...rabies.slice(0, 4), ...measles.slice(-2)]);
    const { steps } = await generate('rabies post-exposure prophylaxis', sources);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.map((step) => sources.find((source) => source.id === step.citation)!.disease)).not.toContain('Measles');
    const { steps: measlesSteps } = await generate('post-exposure prophylaxis', sources);
    expect(measlesSteps.map((step) => sources.find((source) => source.id === step.citation)!.disease)).toContain('Measles');
  });

  it('puts immediate actions first for an emergency', async () => {
    const sources = toSources([
      {
        text: '- Check whether the person is breathing normally.\n- Give adrenaline 1 mg every 3 to 5 minutes in cardiac arrest.\n- Call for help and an AED at once in cardiac arrest.',
        title: 'Cardiac arrest',
        organization: 'NHS',
      },
    ]);
    const { steps } = await generate('cardiac arrest emergency', sources);
    expect(steps[0].text).toMatch(/^Call for help/);
  });

  it('takes an instruction that opens with its condition as a step, in the phase of its verb', async () => {
    const sources = toSources(snippetsOf('nhs/diabetic-ketoacidosis-dka-management.md'));
    const { steps } = await generate('DKA fluid resuscitation in adults', sources);
    const texts = steps.map((step) => step.text);
    const conditional = texts.findIndex((text) => /^(If|Once) systolic BP is (below|above) 90 mmHg, give/.test(text));
    expect(conditional).toBeGreaterThanOrEqual(0);
    const recognise = texts.findIndex((text) => /^(Confirm|Check|Suspect|Look)\b/.test(text));
    expect(recognise).toBeGreaterThanOrEqual(0);
    expect(recognise).toBeLessThan(conditional);
    expectQuoted(steps, sources);
  });
});

import { describe, expect, it } from '@jest/globals';
import {
  countLabel,
  lastUpdatedLabel,
  protocolHospital,
  readProtocol,
  resolveIntent,
  stepCitationNumbers,
  toProtocolPayload,
  type ProtocolStep,
} from './protocol';

const now = new Date(2025, 5, 15, 12, 0, 0);

const generated = {
  title: 'Dengue: Recognising Symptoms and Warning Signs',
  intent: 'symptoms',
  region: 'Global',
  year: 2024,
  organization: 'WHO',
  lastUpdated: '2025-03-05',
  checklist: [
    { step: 1, text: 'Look for high fever with headache and pain behind the eyes.', explanation: 'Typical febrile phase.', citation: 1, citations: [1, 3] },
    { step: 2, text: 'Check for warning signs.', explanation: '', citation: '2', citations: ['Source 2'] },
    { step: 3, text: '   ', explanation: 'dropped: no text' },
  ],
  citations: [
    { id: 1, source: 'Dengue guidelines', organization: 'WHO', year: 2012, region: 'Global', url: 'https://who.int/d', excerpt: 'Fever...' },
    { id: '2', source: 'Dengue symptoms', organization: 'NHS', year: '2023', region: 'United Kingdom', url: 'N/A' },
  ],
};

describe('readProtocol', () => {
  it('reads title, badges, steps and citations', () => {
    const protocol = readProtocol(generated, 'dengue symptoms', now);
    expect(protocol).toMatchObject({
      title: 'Dengue: Recognising Symptoms and Warning Signs',
      region: 'Global',
      year: 2024,
      organization: 'WHO',
      intent: 'symptoms',
      lastUpdated: '2025-03-05',
    });
    expect(protocol.steps).toEqual([
      {
        id: 'step_1',
        step: 'Look for high fever with headache and pain behind the eyes.',
        explanation: 'Typical febrile phase.',
        citation: 1,
        citations: [1, 3],
      },
      { id: 'step_2', step: 'Check for warning signs.', explanation: '', citation: 2, citations: [2] },
    ]);
    expect(protocol.citations.map((citation) => [citation.id, citation.organization, citation.year, citation.url])).toEqual([
      [1, 'WHO', 2012, 'https://who.int/d'],
      [2, 'NHS', '2023', 'N/A'],
    ]);
  });

  it('falls back to the query, Global, Cairn, the current year and now', () => {
    const protocol = readProtocol({ checklist: [] }, 'childhood fever', now);
    expect(protocol).toEqual({
      title: 'childhood fever',
      region: 'Global',
      year: 2025,
      organization: 'Cairn',
      intent: 'general',
      lastUpdated: now.toISOString(),
      steps: [],
      citations: [],
    });
  });

  it('numbers citations without an id by position', () => {
    expect(readProtocol({ citations: [{ source: 'A' }, { title: 'B' }] }, 'q', now).citations.map((c) => [c.id, c.source])).toEqual([
      [1, 'A'],
      [2, 'B'],
    ]);
  });

  it('keeps the hospital of a source from a hospital library, and names it for the protocol', () => {
    const protocol = readProtocol({ citations: [{ source: 'A' }, { source: 'B', hospital: "St Mary's Hospital" }] }, 'q', now);
    expect(protocol.citations.map((citation) => citation.hospital)).toEqual([undefined, "St Mary's Hospital"]);
    expect(protocolHospital(protocol)).toBe("St Mary's Hospital");
    expect(protocolHospital(readProtocol({ citations: [{ source: 'A' }] }, 'q', now))).toBeNull();
  });

  it('ignores source references that are not numbers', () => {
    const protocol = readProtocol({ checklist: [{ text: 'Give fluids.', citation: 'WHO 2012', citations: [0, -1, 'x', 4] }] }, 'q', now);
    expect(protocol.steps[0]).toMatchObject({ citation: null, citations: [4] });
  });
});

describe('resolveIntent', () => {
  it('takes the intent from the query keywords first', () => {
    expect(resolveIntent('asthma attack emergency', 'treatment')).toBe('emergency');
    expect(resolveIntent('malaria treatment', 'general')).toBe('treatment');
  });

  it("uses the generator's intent when the query has no keyword", () => {
    expect(resolveIntent('childhood fever', 'symptoms')).toBe('symptoms');
    expect(resolveIntent('childhood fever', 'bogus')).toBe('general');
    expect(resolveIntent('childhood fever', undefined)).toBe('general');
  });
});

describe('protocol helpers', () => {
  const step = (citation: number | null, citations: number[]): ProtocolStep => ({ id: 's', step: 'x', explanation: '', citation, citations });

  it('lists a step citation once, its own first', () => {
    expect(stepCitationNumbers(step(2, [1, 2, 3]))).toEqual([2, 1, 3]);
    expect(stepCitationNumbers(step(null, [4]))).toEqual([4]);
    expect(stepCitationNumbers(step(null, []))).toEqual([]);
  });

  it('counts with singular and plural', () => {
    expect(countLabel(1, 'step')).toBe('1 step');
    expect(countLabel(6, 'source')).toBe('6 sources');
    expect(countLabel(0, 'step')).toBe('0 steps');
  });

  it('formats the last-updated date and keeps other text', () => {
    expect(lastUpdatedLabel('2025-03-05')).toBe('March 5, 2025');
    expect(lastUpdatedLabel(new Date(2024, 0, 9, 10).toISOString())).toBe('January 9, 2024');
    expect(lastUpdatedLabel('2024')).toBe('2024');
    expect(lastUpdatedLabel('recently')).toBe('recently');
  });

  it('saves the steps back as a checklist', () => {
    const protocol = readProtocol(generated, 'dengue symptoms', now);
    expect(toProtocolPayload(protocol).checklist).toEqual([
      { step: 1, text: 'Look for high fever with headache and pain behind the eyes.', explanation: 'Typical febrile phase.', citation: 1, citations: [1, 3] },
      { step: 2, text: 'Check for warning signs.', explanation: '', citation: 2, citations: [2] },
    ]);
    expect(toProtocolPayload(protocol)).toMatchObject({ title: protocol.title, steps: protocol.steps, citations: protocol.citations });
  });
});

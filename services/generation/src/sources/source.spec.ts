import { describe, expect, it } from '@jest/globals';
import { MAX_SOURCES, toSources } from './source.js';

describe('toSources', () => {
  it('numbers the first six distinct snippets 1..6 and drops the rest, blanks and repeats', () => {
    const snippets = ['', 'Give ORS.', 'Give ORS.', ...Array.from({ length: 8 }, (_, i) => ({ text: `Step ${i}.`, title: `Guide ${i}` }))];
    const sources = toSources(snippets);
    expect(sources).toHaveLength(MAX_SOURCES);
    expect(sources.map((source) => source.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sources.map((source) => source.text)).toEqual(['Give ORS.', 'Step 0.', 'Step 1.', 'Step 2.', 'Step 3.', 'Step 4.']);
    expect(sources[0].title).toBe('Source 1');
    expect(sources[1].title).toBe('Guide 0');
  });

  it("keeps the hospital of a snippet from a hospital library", () => {
    const [library, global] = toSources([{ text: 'Give antibiotics within one hour.', hospital: "St Mary's Hospital" }, { text: 'Give ORS.' }]);
    expect(library.hospital).toBe("St Mary's Hospital");
    expect(global).not.toHaveProperty('hospital');
  });
});

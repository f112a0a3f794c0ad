import { describe, expect, it } from '@jest/globals';
import { followUpKeywordGroups, suggestFollowUps } from './follow-ups.js';

describe('followUpKeywordGroups', () => {
  it.each([
    ['what is the dose for children?', ['dosage']],
    ['how long should I wait before repeating?', ['timing']],
    ['is it safe in pregnancy?', ['safety']],
    ['why do we give fluids?', ['rationale']],
    ['ORS versus IV fluids', ['comparison']],
    ['dengue', []],
  ])('%j → %j', (text, groups) => {
    expect(followUpKeywordGroups(text)).toEqual(groups);
  });
});

describe('suggestFollowUps', () => {
  it('suggests at most five, by intent, with categories', () => {
    const suggestions = suggestFollowUps('Malaria Treatment', 'treatment');
    expect(suggestions).toHaveLength(5);
    expect(suggestions[0]).toEqual({ text: 'What are the recommended doses in Malaria Treatment?', category: 'dosage' });
    expect(new Set(suggestions.map((s) => s.category)).size).toBe(5);
  });
  it('skips what was just asked', () => {
    expect(suggestFollowUps('dengue', 'symptoms', ['symptoms']).map((s) => s.category)).not.toContain('symptoms');
  });
});

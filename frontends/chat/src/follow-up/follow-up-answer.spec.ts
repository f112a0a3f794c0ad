import { describe, expect, it } from '@jest/globals';
import { MAX_FOLLOW_UP_SUGGESTIONS, readFollowUpAnswer } from './follow-up-answer';

describe('a follow-up answer as the server sends it', () => {
  it('keeps at most 5 suggestions, written as text or as { text }', () => {
    const questions = ['a?', { text: 'b?' }, 'c?', 'd?', 'e?', 'f?', 7];
    const answer = readFollowUpAnswer({ answer: 'Give fluids.', follow_up_questions: questions, used_new_sources: true, uncertainty_note: 'Check the dose.' });
    expect(answer).toMatchObject({ answer: 'Give fluids.', usedNewSources: true, uncertaintyNote: 'Check the dose.', citations: [] });
    expect(answer.followUpQuestions).toEqual(['a?', 'b?', 'c?', 'd?', 'e?']);
    expect(MAX_FOLLOW_UP_SUGGESTIONS).toBe(5);
  });

  it('numbers and names its citations, with their relevance, when the server left them out', () => {
    const { citations } = readFollowUpAnswer({ citations: [{ title: 'WHO dengue', source_url: 'https://who.int/d', relevance_score: 0.8 }, { id: 7, url: 'https://x', relevance: 0.4 }, 'junk'] });
    expect(citations).toEqual([
      { id: 1, title: 'WHO dengue', organization: '', url: 'https://who.int/d', excerpt: '', relevance: 0.8 },
      { id: 7, title: 'Source 2', organization: '', url: 'https://x', excerpt: '', relevance: 0.4 },
    ]);
  });

  it('keeps the hospital of a citation from a hospital library', () => {
    const { citations } = readFollowUpAnswer({ citations: [{ title: 'Sepsis bundle', hospital: "St Mary's Hospital" }] });
    expect(citations[0].hospital).toBe("St Mary's Hospital");
  });

  it('reads anything else as an empty answer', () => {
    expect(readFollowUpAnswer(null)).toEqual({ answer: '', followUpQuestions: [], citations: [], uncertaintyNote: null, usedNewSources: false });
  });
});

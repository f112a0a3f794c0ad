import { describe, expect, it } from '@jest/globals';
import { detectFollowUp, followUpContext, questionInContext, type ChatTurn } from './follow-up-detection.js';

const shown = (title: string, before: ChatTurn[] = []): ChatTurn[] => [...before, { type: 'user' }, { type: 'assistant', protocolTitle: title }];
const dengue = shown('Dengue Fever Management');

describe('followUpContext', () => {
  it('is the last assistant protocol within the last ten messages', () => {
    expect(followUpContext(shown('Malaria Treatment', shown('Dengue Fever Management')))).toBe('Malaria Treatment');
    const old = [...shown('Dengue Fever Management'), ...Array.from({ length: 9 }, () => ({ type: 'user' as const }))];
    expect(followUpContext(old)).toBe('Dengue Fever Management');
    expect(followUpContext([...old, { type: 'user' }])).toBeNull();
    expect(followUpContext([{ type: 'user' }, { type: 'assistant', protocolTitle: null }])).toBeNull();
  });
});

describe('questionInContext', () => {
  const history = [
    { role: 'user', content: 'What dose of paracetamol for dengue fever?' },
    { role: 'assistant', content: 'Paracetamol, no more than 3 g a day in adults [1].' },
  ];
  it.each([
    ['and in children?', 'What dose of paracetamol for dengue fever? and in children?'],
    ['how often?', 'What dose of paracetamol for dengue fever? how often?'],
    ['Is ibuprofen safe in dengue?', 'Is ibuprofen safe in dengue?'],
  ])('%s', (message, question) => {
    expect(questionInContext(message, history)).toBe(question);
  });

  it('is the message itself when there is no earlier question', () => {
    expect(questionInContext('and in children?', [])).toBe('and in children?');
  });
});

describe('detectFollowUp (spec §4)', () => {
  it.each([
    ['no protocol in the chat', 'dengue warning signs', [{ type: 'user' }] as ChatTurn[], false, 1, 'no-protocol'],
    ['a new topic: under 30 % of its topic words in the title', 'malaria treatment in pregnancy', dengue, false, 0.95, 'low-overlap'],
    ['a follow-up keyword in a query under 100 characters', 'What dose should I give?', dengue, true, 0.9, 'keyword'],
    ['a keyword and nothing else', 'how long?', dengue, true, 0.9, 'keyword'],
    ['a keyword with a topic the protocol does not name: the overlap rule comes first', 'What dose of paracetamol?', dengue, false, 0.95, 'low-overlap'],
    ['a short question about another population of the same protocol', 'and in children?', dengue, true, 0.75, 'short-overlap'],
    ['a keyword in a long query whose topic overlaps the title over 30 %', `What is the fluid dose for dengue fever management in adults who have been vomiting repeatedly all night?`, dengue, true, 0.85, 'keyword-overlap'],
    ['a short query overlapping the title over 50 %', 'dengue fever in travellers', dengue, true, 0.75, 'short-overlap'],
    ['otherwise a new topic: half its topic words in the title, no keyword', 'dengue in travellers', dengue, false, 0.7, 'default'],
  ])('%s', (_case, query, messages, isFollowUp, confidence, rule) => {
    expect(detectFollowUp(query, messages)).toMatchObject({ isFollowUp, confidence, rule });
  });

  it('a follow-up marker forces the follow-up path', () => {
    expect(detectFollowUp('malaria treatment in pregnancy', dengue, true)).toMatchObject({ isFollowUp: true, rule: 'forced' });
  });

  it('reports the protocol it compared with and the overlap', () => {
    expect(detectFollowUp('dengue fever in travellers', dengue)).toEqual({ isFollowUp: true, confidence: 0.75, rule: 'short-overlap', protocolTitle: 'Dengue Fever Management', overlap: 2 / 3 });
  });
});

import { describe, expect, it } from '@jest/globals';
import type { Passage } from '@cairn/contracts';
import type { ContextSearch } from '../context/context-search.js';
import type { Generator } from '../generators/generator.port.js';
import { conversationBodySchema } from '../protocols/protocol.schemas.js';
import { ProtocolChatService } from './protocol-chat.service.js';

const monitoring =
  '- Repeat thick and thin smears every 12 to 24 hours during treatment of severe malaria until no parasites are seen.\n' +
  '- Monitor glucose, hemoglobin, renal function, acid-base status and fluid balance closely, and avoid fluid overload.\n' +
  '- Check hemoglobin weekly for 4 weeks after IV artesunate to detect post-artesunate delayed hemolysis.';
const passage: Passage = { text: monitoring, title: 'Malaria treatment — Monitoring and follow-up', organization: 'CDC', year: 2024, region: 'US', url: 'https://www.cdc.gov/malaria', section: 'Monitoring and follow-up' };

/** Search that finds nothing for the question, and the monitoring passage only for a query that starts as it does. */
function searchFindingOnly(queries: string[]): ContextSearch {
  const finds = (query: string) => (monitoring.replace(/^- /, '').startsWith(query.replace(/^- /, '').slice(0, 60)) ? [passage] : []);
  return {
    search: async (query: string) => {
      queries.push(query);
      return finds(query);
    },
    find: async (query: string) => {
      queries.push(query);
      return { passages: [], understanding: {} };
    },
    understand: async () => ({}),
  } as unknown as ContextSearch;
}

const body = (enableContextSearch: boolean) =>
  conversationBodySchema.parse({
    message: 'after the artesunate course, how long do we keep checking Hb?',
    concept_title: 'Severe malaria IV artesunate',
    citations_list: [{ id: 1, title: 'Malaria treatment', organization: 'CDC', excerpt: `${monitoring.slice(0, 230)}...` }],
    protocol_json: { checklist: [{ text: 'Check hemoglobin weekly for 4 weeks after IV artesunate to detect post-artesunate delayed hemolysis.', citation: 1 }] },
    enable_context_search: enableContextSearch,
  });

describe('ProtocolChatService', () => {
  it('finds the whole passage an excerpt was cut from, so that the step citing it can be quoted', async () => {
    const queries: string[] = [];
    const chat = new ProtocolChatService(searchFindingOnly(queries), {} as Generator);
    const answer = await chat.answer(body(true), 'clinician-1');
    expect(answer.answer).toMatch(/^Check hemoglobin weekly for 4 weeks after IV artesunate/);
    expect(queries.some((query) => query.startsWith('- Repeat thick and thin smears'))).toBe(true);
  });

  it('searches for no passage when the client turns context search off', async () => {
    const queries: string[] = [];
    const chat = new ProtocolChatService(searchFindingOnly(queries), {} as Generator);
    await chat.answer(body(false), 'clinician-1');
    expect(queries).toEqual([]);
  });
});

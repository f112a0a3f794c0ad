import { describe, expect, it } from '@jest/globals';
import { ApiError, type GenerateRequest, type SearchScope } from '@cairn/frontend-shared';
import { refusalOf, runSendFlow, type FlowReply, type SendFlowCalls } from './send-flow';
import type { SearchResult } from './search.resource';
import { testHit, testResult } from './search-hits.fixture';

const protocolAnswer = {
  title: 'Dengue: Symptoms and Warning Signs',
  intent: 'symptoms',
  region: 'Global',
  year: 2024,
  organization: 'WHO',
  lastUpdated: '2025-01-01',
  checklist: [{ step: 1, text: 'Check for fever.', explanation: 'Febrile phase.', citation: 1, citations: [1] }],
  citations: [{ id: 1, source: 'Dengue', organization: 'WHO', year: 2012, region: 'Global', url: 'https://who.int', excerpt: '' }],
};

function calls(search: SearchResult | Error, generate: Record<string, unknown> | Error = protocolAnswer) {
  const generated: GenerateRequest[] = [];
  const searched: [string, SearchScope][] = [];
  let time = 0;
  const fake: SendFlowCalls = {
    search: async (query, scope) => {
      searched.push([query, scope]);
      time += 120;
      if (search instanceof Error) throw search;
      return search;
    },
    generate: async (request) => {
      generated.push(request);
      time += 3400;
      if (generate instanceof Error) throw generate;
      return generate;
    },
    clock: () => time,
    now: () => new Date(2025, 5, 15),
  };
  return { fake, generated, searched };
}

const http = (status: number, message: string, category?: string, title?: string) =>
  new ApiError({ kind: 'http', status, message, category, title });

describe('runSendFlow', () => {
  it('searches, generates and answers with the protocol, its intent line and the search metadata', async () => {
    const { fake, generated, searched } = calls(testResult([testHit(1), testHit(2)]));
    const reply = await runSendFlow('dengue symptoms', 'all', fake);
    expect(searched).toEqual([['dengue symptoms', 'all']]);
    expect(generated[0].context_snippets).toHaveLength(2);
    expect(reply).toMatchObject({
      kind: 'protocol',
      content: 'Symptoms Guide - Key symptoms to monitor:',
      protocol: { title: 'Dengue: Symptoms and Warning Signs', intent: 'symptoms' },
      searchMetadata: { totalResults: 10, resultsFound: 2, searchMethod: 'hybrid', responseTimes: { search: 120, generation: 3400 } },
    });
  });

  it('generates from the query as the server searched it when it corrected typos, and says so', async () => {
    const { fake, generated } = calls({ ...testResult([testHit(1)]), corrected_query: 'dengue fever treatment' });
    const reply = await runSendFlow('denge fevr treatment', 'all', fake);
    expect(generated[0].title).toBe('dengue fever treatment');
    expect(reply).toMatchObject({ kind: 'protocol', searchMetadata: { correctedQuery: 'dengue fever treatment' } });
    const uncorrected = await runSendFlow('dengue symptoms', 'all', calls(testResult([testHit(1)])).fake);
    expect(uncorrected.kind === 'protocol' && uncorrected.searchMetadata).not.toHaveProperty('correctedQuery');
  });

  it('shows each streamed step as it arrives and keeps the notice of a fallback in the finished reply', async () => {
    const { fake } = calls(testResult([testHit(1)]));
    const second = { ...protocolAnswer, checklist: [...protocolAnswer.checklist, { step: 2, text: 'Give fluids.', explanation: '', citation: 1, citations: [1] }] };
    fake.generate = async (_request, onLine) => {
      onLine?.({ type: 'step', protocol: protocolAnswer });
      onLine?.({ type: 'notice', message: 'The model stopped answering.' });
      onLine?.({ type: 'step', protocol: second });
      return second;
    };
    const partials: FlowReply[] = [];
    const reply = await runSendFlow('dengue symptoms', 'all', fake, (partial) => partials.push(partial));
    expect(partials.map((partial) => partial.kind === 'protocol' && partial.protocol.steps.map((step) => step.step))).toEqual([['Check for fever.'], ['Check for fever.', 'Give fluids.']]);
    expect(partials[0]).not.toHaveProperty('notice');
    expect(partials[1]).toMatchObject({ notice: 'The model stopped answering.' });
    expect(reply).toMatchObject({ kind: 'protocol', notice: 'The model stopped answering.' });
  });

  it('still generates in All Protocols when no hit reaches the relevance line, with a notice saying the match is weak', async () => {
    const { fake, generated } = calls(testResult([testHit(1, 0.4), testHit(2, 0.2)]));
    const reply = await runSendFlow('warfarin reversal for major bleeding', 'all', fake);
    expect(generated).toHaveLength(1);
    expect(reply).toMatchObject({ kind: 'protocol', notice: expect.stringMatching(/^Weak match: the best source found scores 0\.4 of 10/) });
    const strong = await runSendFlow('dengue symptoms', 'all', calls(testResult([testHit(1, 8.2)])).fake);
    expect(strong).not.toHaveProperty('notice');
  });

  it('prefixes by the intent of the query', async () => {
    const reply = await runSendFlow('asthma attack emergency', 'all', calls(testResult([testHit(1)])).fake);
    expect(reply.content).toBe('Emergency Protocol - Immediate actions required:');
  });

  it('guides the user to upload when My Protocols finds nothing, without generating', async () => {
    const { fake, generated } = calls(testResult([]));
    const reply = await runSendFlow('dengue symptoms', 'user', fake);
    expect(reply).toMatchObject({ kind: 'text', content: expect.stringContaining('Upload your medical documents') });
    expect(reply.content).toContain('All Protocols');
    expect(generated).toEqual([]);
  });

  it('answers not relevant with suggestions when My Protocols hits score under 6', async () => {
    const { fake, generated } = calls(testResult([testHit(1, 4)]));
    const reply = await runSendFlow('dengue symptoms', 'user', fake);
    expect(reply).toMatchObject({ kind: 'text', content: expect.stringContaining('do not seem to cover "dengue symptoms"') });
    expect(reply.content).toContain('Suggestions:');
    expect(generated).toEqual([]);
  });

  it('shows a greeting as a friendly message', async () => {
    const greeting = { category: 'greeting', message: 'Hello! How can I help?', checklist: [], citations: [], title: 'Hello', intent: 'general' };
    expect(await runSendFlow('hello', 'all', calls(testResult([]), greeting).fake)).toEqual({ kind: 'text', content: 'Hello! How can I help?' });
  });

  it('shows a screening refusal as the answer, with its title', async () => {
    const refusal = http(400, 'I can only help with healthcare questions. You asked: "football".', 'irrelevant', 'Non-Medical Query');
    expect(await runSendFlow('football', 'all', calls(testResult([]), refusal).fake)).toEqual({
      kind: 'text',
      title: 'Non-Medical Query',
      content: 'I can only help with healthcare questions. You asked: "football".',
    });
  });

  it('treats a refusal of the search itself the same way', async () => {
    const reply = await runSendFlow('x', 'all', calls(http(400, 'Please enter a medical question or topic to search.', 'empty')).fake);
    expect(reply).toEqual({ kind: 'text', content: 'Please enter a medical question or topic to search.' });
  });

  it('answers a failed search with the Search Error text', async () => {
    expect(await runSendFlow('dengue', 'all', calls(http(409, 'conflict')).fake)).toEqual({
      kind: 'error',
      title: 'Search Error',
      content: 'The protocol search could not be completed. Please try again.',
    });
  });

  it('answers a failed generation with the Protocol Generation Error text', async () => {
    const reply = await runSendFlow('dengue', 'all', calls(testResult([testHit(1)]), http(422, 'unprocessable')).fake);
    expect(reply).toMatchObject({ kind: 'error', title: 'Protocol Generation Error' });
  });

  it('uses the catalogue row of a known failure', async () => {
    const timeout = new ApiError({ kind: 'timeout', message: 'Request timeout after 45000 ms' });
    expect(await runSendFlow('dengue', 'all', calls(testResult([testHit(1)]), timeout).fake)).toMatchObject({ title: 'Request Timed Out' });
    const network = new ApiError({ kind: 'network', message: 'Network error' });
    expect(await runSendFlow('dengue', 'all', calls(network).fake)).toMatchObject({ title: 'Connection Error' });
    expect(await runSendFlow('dengue', 'all', calls(http(400, 'bad', 'not_a_screening')).fake)).toMatchObject({ kind: 'error' });
  });
});

describe('refusalOf', () => {
  it('answers with the message of a screened query, and leaves a malformed request an error', () => {
    const refused = new ApiError({ kind: 'http', status: 400, message: 'Please ask a medical question.', category: 'irrelevant', title: 'Not Medical' });
    expect(refusalOf(refused)).toEqual({ title: 'Not Medical', content: 'Please ask a medical question.' });
    expect(refusalOf(new ApiError({ kind: 'http', status: 400, message: 'size must be at most 100', category: 'invalid_input' }))).toBeNull();
    expect(refusalOf(new ApiError({ kind: 'http', status: 500, message: 'boom', category: 'irrelevant' }))).toBeNull();
  });
});

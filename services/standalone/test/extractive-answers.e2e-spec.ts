import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildGenerateRequest, type SnippetSource } from '@cairn/rules';
import { signUpTestUser, startTestApp, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';

interface Protocol {
  title: string;
  checklist: { step: number; text: string; citation: number }[];
  citations: { id: number; source: string; excerpt: string }[];
}

describe('standalone: extractive checklists and follow-up answers', () => {
  let server: TestApp;
  let token: string;
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await server.request('POST', path, { token, body });
    expect(response.status).toBe(200);
    return response.body as T;
  };
  /** As the chat does it: search, then generate from the hits for the query as searched. */
  const searchAndGenerate = async (query: string) => {
    const search = await post<{ hits: SnippetSource[]; corrected_query?: string }>('/protocols/search?use_hybrid=true&enhance_query=true', { query, size: 8 });
    return post<Protocol>('/protocols/generate', buildGenerateRequest(search.corrected_query ?? query, search.hits));
  };

  beforeAll(async () => {
    server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api' });
    token = (await signUpTestUser(server)).token;
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it("builds a checklist of 5 or more steps for 'DHF' from the query alone (generation asks search)", async () => {
    const protocol = await post<Protocol>('/protocols/generate', { title: 'DHF', instructions: '', region: null, year: null });
    expect(protocol.checklist.length).toBeGreaterThanOrEqual(5);
    expect(protocol.citations.every((citation) => /dengue/i.test(citation.source))).toBe(true);
  });

  it.each(['sunstroke', 'hot and floppy child', 'foreign body airway obstruction'])("builds 5 or more steps for '%s' from the chat's search hits", async (query) => {
    expect((await searchAndGenerate(query)).checklist.length).toBeGreaterThanOrEqual(5);
  });

  it('builds a checklist for one disease from a question that names it, though search also finds another with the same words', async () => {
    const protocol = await searchAndGenerate('rabies post-exposure prophylaxis');
    expect(protocol.checklist.length).toBeGreaterThanOrEqual(5);
    expect(protocol.citations.map((citation) => citation.source).filter((source) => !/rabies/i.test(source))).toEqual([]);
  });

  it('answers a follow-up from what search reads it as, and never from a passage about a disease nobody asked about', async () => {
    const ask = async (topic: string, message: string) => {
      const protocol = await searchAndGenerate(topic);
      const body = { message, concept_title: protocol.title, protocol_json: protocol, citations_list: protocol.citations, conversation_history: [], enable_context_search: true };
      return (await post<{ answer: string }>('/protocols/conversation', body)).answer;
    };
    expect((await ask('exertional heat stroke in a runner', 'should i give paracetamol to bring the temp down?')).split('\n')[0]).toMatch(/^Do not give acetaminophen/);
    const cleaning = await ask('rabies post-exposure prophylaxis', 'how should a dog bite wound be cleaned?');
    expect(cleaning).toMatch(/Wash and flush every bite/);
    expect(cleaning).not.toMatch(/burn/i);
  });

  it('answers a follow-up with the sentence that states the asked fact first, whole sentences, never "..."', async () => {
    const protocol = await searchAndGenerate('stroke warning signs FAST');
    const reply = await post<{ answer: string; citations: { id: number }[] }>('/protocols/conversation', {
      message: 'what is the time window for thrombolysis in ischaemic stroke?',
      concept_title: protocol.title,
      protocol_json: protocol,
      citations_list: protocol.citations,
      conversation_history: [],
      enable_context_search: true,
    });
    const [first, ...rest] = reply.answer.split('\n');
    expect(first).toMatch(/4\.5 hours.*[.!?] \[\d+\]$/);
    expect(rest.length).toBeLessThanOrEqual(3);
    expect(reply.answer).not.toMatch(/\.\.\.|…|[.!?] - /);
    expect(reply.citations.length).toBeGreaterThan(0);
  });

  it('reads the shorthand clinicians type and answers it first, as if written out', async () => {
    const protocol = await searchAndGenerate('opioid overdose in the community');
    const reply = await post<{ answer: string }>('/protocols/conversation', {
      message: 'what signs shd make me think opioid OD?',
      concept_title: protocol.title,
      protocol_json: protocol,
      citations_list: protocol.citations,
      conversation_history: [],
      enable_context_search: true,
    });
    expect(reply.answer.split('\n')[0]).toMatch(/pinpoint pupils/i);
  });

  it('says plainly in a step thread when the sources do not mention what is asked', async () => {
    const protocol = await searchAndGenerate('heat stroke emergency cooling');
    const step = protocol.checklist[0];
    const reply = await post<{ message: string }>('/protocols/step-thread', {
      message: 'what dose of dantrolene should be given?',
      step_id: 'step-1',
      step_text: step.text,
      step_citation: step.citation,
      protocol_title: protocol.title,
      protocol_citations: protocol.citations.map((citation) => citation.excerpt),
      thread_history: [],
    });
    expect(reply.message).toBe("The protocol's sources do not mention “dantrolene”, so they do not answer this question.");
  });
});

import { afterEach, describe, expect, it } from '@jest/globals';
import { Metrics } from '@cairn/platform';
import { eventually, startOpenAiDouble, type OpenAiDouble } from '@cairn/testing';
import type { ContextSearch } from '../context/context-search.js';
import { GroundingMetrics } from '../grounding/grounding-metrics.js';
import { ProtocolGenerationService } from '../protocols/protocol-generation.service.js';
import { ProtocolChatService } from '../conversation/protocol-chat.service.js';
import { conversationBodySchema } from '../protocols/protocol.schemas.js';
import { toSources } from '../sources/source.js';
import { GenerationError, OpenAiGenerator } from './openai-generator.js';

const sources = toSources([
  { text: 'Give oral rehydration solution after each loose stool.', title: 'Diarrhoea', organization: 'WHO', year: 2005 },
  { text: 'Give zinc 20 mg daily for 10 days to children over 6 months.', title: 'Zinc', organization: 'ICMR' },
]);
const request = { title: 'diarrhoea in children', intent: 'treatment' as const, sources, instructions: 'Focus on home care' };
const recorded = (content: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_790_000_000,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) } }],
  usage: { prompt_tokens: 300, completion_tokens: 80, total_tokens: 380 },
});
const good = {
  title: 'Diarrhoea in Children',
  steps: [
    { text: '1. give oral rehydration solution after each loose stool', explanation: 'Replaces fluid losses.', citation: 1 },
    { text: 'Give zinc 20 mg daily for 10 days.', explanation: 'Shortens the episode.', citation: 2 },
  ],
};

const snippets = [
  { text: 'Give aspirin 300 mg chewed straight away to adults with suspected heart attack. Do not give aspirin to children under 16 years.', title: 'Heart attack', organization: 'NHS' },
  { text: 'Do not give NSAIDs such as ibuprofen to patients with suspected dengue. Give paracetamol every 4 to 6 hours for fever.', title: 'Dengue', organization: 'WHO' },
];

describe('OpenAiGenerator against an OpenAI-compatible server', () => {
  let server: OpenAiDouble;
  afterEach(async () => {
    await server?.stop();
  });

  it('sends the prompts and numbered sources with a JSON schema, and cleans the steps', async () => {
    server = await startOpenAiDouble({ chat: [recorded(good)] });
    const generator = new OpenAiGenerator({ baseURL: server.url, apiKey: 'sk-test', model: 'gpt-4o-mini' });
    const protocol = await generator.generate(request);
    expect(protocol).toEqual({
      title: 'Diarrhoea in Children',
      steps: [
        { text: 'Give oral rehydration solution after each loose stool.', explanation: 'Replaces fluid losses.', citation: 1, citations: [1] },
        { text: 'Give zinc 20 mg daily for 10 days.', explanation: 'Shortens the episode.', citation: 2, citations: [2] },
      ],
    });
    const [call] = server.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(call.body.model).toBe('gpt-4o-mini');
    expect(call.body.response_format.type).toBe('json_schema');
    expect(call.body.messages[0].content).toMatch(/Use only facts stated in the sources/);
    expect(call.body.messages[1].content).toContain('[Source 2] Zinc (ICMR)');
    expect(call.body.messages[1].content).toContain('Focus on home care');
    expect(call.headers.authorization).toBe('Bearer sk-test');
  });

  it.each([
    ['a think block', '<think>Cite {1} and {2}.</think>\n'],
    ['a closing think tag alone (the template opened it)', 'Cite {"title": "x"} first.</think>\n'],
  ])("reads a reply after a reasoning model's %s", async (_kind, reasoning) => {
    server = await startOpenAiDouble({ chat: [recorded(`${reasoning}${JSON.stringify(good)}`)] });
    const protocol = await new OpenAiGenerator({ baseURL: server.url, model: 'm' }).generate(request);
    expect(protocol.steps.map((step) => step.citation)).toEqual([1, 2]);
    expect(server.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
  });

  it('asks once more when the reply is not valid JSON for the schema', async () => {
    server = await startOpenAiDouble({ chat: [recorded('Here are the steps: 1. Give ORS'), recorded(good)] });
    const protocol = await new OpenAiGenerator({ baseURL: server.url, model: 'm' }).generate(request);
    expect(protocol.steps).toHaveLength(2);
    const calls = server.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(calls).toHaveLength(2);
    expect(calls[1].body.messages.at(-1).content).toMatch(/not valid JSON/);
  });

  it('gives up after the second invalid reply', async () => {
    server = await startOpenAiDouble({ chat: [recorded('nope'), recorded({ title: 'x', steps: 'none' })] });
    await expect(new OpenAiGenerator({ baseURL: server.url, model: 'm' }).generate(request)).rejects.toBeInstanceOf(GenerationError);
  });

  it('times out, and never shows the API key in errors', async () => {
    server = await startOpenAiDouble({ chat: [recorded(good)] });
    server.fault({ delayMs: 1500, path: '/v1/chat/completions', times: 4 });
    const generator = new OpenAiGenerator({ baseURL: server.url, apiKey: 'sk-secret-key', model: 'm', timeoutMs: 300 });
    const error = await generator.generate(request).catch((failure: Error) => failure);
    expect(error).toBeInstanceOf(GenerationError);
    expect(String((error as Error).message)).not.toContain('sk-secret-key');
  });

  it('returns none of the steps a model flipped against its sources, counting each by reason, and keeps the faithful one', async () => {
    const flipped = {
      title: 'Chest Pain and Fever',
      steps: [
        { text: 'Do not give aspirin 300 mg to adults with suspected heart attack.', explanation: 'Aspirin is harmful here.', citation: 1 },
        { text: 'Give aspirin to children under 16 years.', explanation: '', citation: 1 },
        { text: 'Give aspirin 300 g chewed straight away to adults with suspected heart attack.', explanation: '', citation: 1 },
        { text: 'Give NSAIDs such as ibuprofen to patients with suspected dengue.', explanation: '', citation: 2 },
        { text: 'Give paracetamol every 4 to 6 days for fever.', explanation: '', citation: 2 },
        { text: 'Give aspirin 300 mg chewed straight away to pregnant women with suspected heart attack.', explanation: '', citation: 1 },
        { text: 'Give paracetamol for fever every 4 to 6 hours.', explanation: 'Do not give NSAIDs in suspected dengue.', citation: 1 },
      ],
    };
    server = await startOpenAiDouble({ chat: [recorded(flipped)] });
    const metrics = new Metrics();
    const noSearch = { search: async () => [], find: async () => ({ passages: [], understanding: {} }), understand: async () => ({}) } as unknown as ContextSearch;
    const service = new ProtocolGenerationService(new OpenAiGenerator({ baseURL: server.url, model: 'gpt-4o-mini' }), noSearch, new GroundingMetrics(metrics));
    const protocol = await service.generate({ title: 'chest pain and fever', context_snippets: snippets, instructions: '' }, 'clinician-1');
    expect(protocol.checklist.map(({ text, explanation, citation }) => ({ text, explanation, citation }))).toEqual([
      { text: 'Give paracetamol for fever every 4 to 6 hours.', explanation: 'Do not give NSAIDs in suspected dengue.', citation: 2 },
    ]);
    const counted = await metrics.registry.getSingleMetricAsString('cairn_generated_steps_total');
    expect(counted).toContain('cairn_generated_steps_total{generator="openai:gpt-4o-mini",outcome="dropped_polarity"} 3');
    expect(counted).toContain('cairn_generated_steps_total{generator="openai:gpt-4o-mini",outcome="dropped_quantity"} 1');
    expect(counted).toContain('cairn_generated_steps_total{generator="openai:gpt-4o-mini",outcome="dropped_frequency"} 1');
    expect(counted).toContain('cairn_generated_steps_total{generator="openai:gpt-4o-mini",outcome="dropped_population"} 1');
    expect(counted).toContain('cairn_generated_steps_total{generator="openai:gpt-4o-mini",outcome="recited"} 1');
  });

  it('answers a protocol question with the model, in the light of the conversation, keeping only the sentences its sources state', async () => {
    const reply = {
      sentences: [
        { text: 'Give paracetamol for fever every 4 to 6 hours.', citation: 2 },
        { text: 'Give ibuprofen for fever in suspected dengue.', citation: 2 },
      ],
    };
    server = await startOpenAiDouble({ chat: [recorded(reply)] });
    const noSearch = { search: async () => [], find: async () => ({ passages: [], understanding: {} }), understand: async () => ({}) } as unknown as ContextSearch;
    const chat = new ProtocolChatService(noSearch, new OpenAiGenerator({ baseURL: server.url, model: 'gpt-4o-mini' }));
    const body = conversationBodySchema.parse({
      message: 'how often?',
      concept_title: 'Dengue Fever',
      citations_list: snippets.map((snippet) => snippet.text),
      conversation_history: [
        { role: 'user', content: 'Which painkiller for fever in dengue?' },
        { role: 'assistant', content: 'Paracetamol [2].' },
      ],
    });
    const answer = await chat.answer(body, 'clinician-1');
    expect(answer.answer).toBe('Give paracetamol for fever every 4 to 6 hours. [2]');
    const [call] = server.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(call.body.messages.map((message: { role: string }) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(call.body.messages.at(-1).content).toContain('Which painkiller for fever in dengue? how often?');
    expect(call.body.response_format.json_schema.name).toBe('answer');
  });

  it('answers from the sources directly when the model fails', async () => {
    server = await startOpenAiDouble({ chat: [recorded('nope'), recorded('still not JSON')] });
    const noSearch = { search: async () => [], find: async () => ({ passages: [], understanding: {} }), understand: async () => ({}) } as unknown as ContextSearch;
    const chat = new ProtocolChatService(noSearch, new OpenAiGenerator({ baseURL: server.url, model: 'gpt-4o-mini' }));
    const answer = await chat.answer(conversationBodySchema.parse({ message: 'How often can paracetamol be given?', concept_title: 'Dengue Fever', citations_list: snippets.map((snippet) => snippet.text) }), 'clinician-1');
    expect(answer.answer).toMatch(/every 4 to 6 hours/);
  });
});

describe('OpenAiGenerator streaming', () => {
  let server: OpenAiDouble;
  afterEach(async () => {
    await server?.stop();
  });
  const reply = JSON.stringify({ steps: good.steps.map(({ text, citation, explanation }) => ({ text, citation, explanation })), title: 'Diarrhoea in Children' });

  it('asks with stream: true and gives each step drafted, then complete, then the title', async () => {
    server = await startOpenAiDouble({ chat: [reply] });
    const parts = [];
    for await (const part of new OpenAiGenerator({ baseURL: server.url, model: 'm' }).streamProtocol(request, new AbortController().signal)) parts.push(part);
    expect(parts.map((part) => part.kind)).toEqual(['draft', 'step', 'draft', 'step', 'title']);
    expect(parts[0]).toEqual({ kind: 'draft', index: 0, step: { text: good.steps[0].text, explanation: '', citation: 1, citations: [1] } });
    expect(parts[1]).toMatchObject({ kind: 'step', index: 0, step: { explanation: 'Replaces fluid losses.' } });
    const [call] = server.requests;
    expect(call.body.stream).toBe(true);
    expect(Object.keys(call.body.response_format.json_schema.schema.properties)).toEqual(['steps', 'title']);
  });

  it('asks once more without response_format when the endpoint refuses a JSON schema, and sends none after that', async () => {
    server = await startOpenAiDouble({ chat: [reply, reply, reply] });
    server.fault({ path: '/v1/chat/completions', status: 422, message: "Unknown response_format type 'json_schema'" });
    const generator = new OpenAiGenerator({ baseURL: server.url, model: 'm' });
    const parts = [];
    for await (const part of generator.streamProtocol(request, new AbortController().signal)) parts.push(part.kind);
    expect(parts).toEqual(['draft', 'step', 'draft', 'step', 'title']);
    expect((await generator.generate(request)).steps).toHaveLength(2);
    expect(server.requests.map((call) => call.body.response_format?.type ?? 'none')).toEqual(['json_schema', 'none', 'none']);
    expect(server.requests[1].body.messages[1].content).toContain('{"steps": [{"text": "…", "citation": 1, "explanation": "…"}], "title": "…"}');
  });

  it('does not ask again for a 400 about something else (the context window), and keeps sending the schema', async () => {
    server = await startOpenAiDouble({ chat: [reply] });
    server.fault({ path: '/v1/chat/completions', status: 400, message: 'This model has a context window of 8192 tokens' });
    const generator = new OpenAiGenerator({ baseURL: server.url, model: 'm' });
    await expect(generator.generate(request)).rejects.toThrow(/context window/);
    await generator.generate(request);
    expect(server.requests.map((call) => call.body.response_format?.type ?? 'none')).toEqual(['json_schema', 'json_schema']);
  });

  it('keeps sending the schema when the request without one fails too', async () => {
    server = await startOpenAiDouble({ chat: [reply] });
    server.fault({ path: '/v1/chat/completions', status: 400, message: 'response_format is not supported by this model', times: 2 });
    const generator = new OpenAiGenerator({ baseURL: server.url, model: 'm' });
    await expect(generator.generate(request)).rejects.toThrow(/response_format/);
    await generator.generate(request);
    expect(server.requests.map((call) => call.body.response_format?.type ?? 'none')).toEqual(['json_schema', 'none', 'json_schema']);
  });

  it('reads a reply that thinks aloud first and writes its source numbers as text', async () => {
    const loose = `<think>Two steps: {ORS} then {zinc}.</think> ${JSON.stringify({
      steps: good.steps.map(({ text, explanation }, index) => ({ text, citation: index === 0 ? '[Source 1]' : '2', explanation })),
      title: 'Diarrhoea in Children',
    })}`;
    server = await startOpenAiDouble({ chat: [loose] });
    const steps = [];
    for await (const part of new OpenAiGenerator({ baseURL: server.url, model: 'm' }).streamProtocol(request, new AbortController().signal)) {
      if (part.kind === 'step') steps.push(part.step);
    }
    expect(steps.map((step) => [step.text, step.citation])).toEqual([
      [good.steps[0].text, 1],
      [good.steps[1].text, 2],
    ]);
  });

  it('gives a step whose explanation the model left out, with an empty one', async () => {
    server = await startOpenAiDouble({ chat: [JSON.stringify({ steps: good.steps.map(({ text, citation }) => ({ text, citation })), title: 'Diarrhoea in Children' })] });
    const steps = [];
    for await (const part of new OpenAiGenerator({ baseURL: server.url, model: 'm' }).streamProtocol(request, new AbortController().signal)) {
      if (part.kind === 'step') steps.push(part.step);
    }
    expect(steps.map((step) => [step.citation, step.explanation])).toEqual([
      [1, ''],
      [2, ''],
    ]);
  });

  it('fails a reply that stalls, after the parts it sent, and aborts its request', async () => {
    server = await startOpenAiDouble({ chat: [reply] });
    // Unpaced, the double sends a word a chunk: it stalls just after the first step's closing brace.
    server.fault({ path: '/v1/chat/completions', stallAfterTokens: reply.slice(0, reply.indexOf('},{') + 2).match(/\S+\s*/g)!.length });
    const parts: string[] = [];
    const stream = new OpenAiGenerator({ baseURL: server.url, model: 'm', stallTimeoutMs: 300 }).streamProtocol(request, new AbortController().signal);
    await expect(
      (async () => {
        for await (const part of stream) parts.push(part.kind);
      })(),
    ).rejects.toThrow(/sent nothing for 300 ms/);
    expect(parts).toEqual(['draft', 'step']);
    expect(await eventually(async () => server.requests[0].closedEarly, (closed) => closed === true, 5_000, 10)).toBe(true);
  });
});

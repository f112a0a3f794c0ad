import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, startApiGateway, startOpenAiDouble, startTestApp, type ChatResponder, type OpenAiDouble, type TestApp } from '@cairn/testing';
import { GenerationAppModule } from '../src/app.module.js';
import { MODEL_FAILED_NOTICE } from '../src/protocols/protocol-stream.service.js';

const snippets = [
  {
    text: 'Give paracetamol for fever, no more than 3 g a day in adults. Do not give aspirin or ibuprofen to patients with dengue. Encourage oral fluids such as oral rehydration solution.',
    title: 'Dengue: treatment at home',
    organization: 'WHO',
    year: 2012,
    region: 'Global',
    url: 'https://www.who.int/publications/i/item/9789241504713',
  },
  {
    text: 'Admit patients with abdominal pain, persistent vomiting or mucosal bleeding. Check the haematocrit and platelet count daily during the critical phase.',
    title: 'Dengue fever: warning signs',
    organization: 'ICMR',
    year: 2019,
    region: 'India',
    url: '',
  },
];

const steps = [
  { text: 'Give paracetamol for fever, no more than 3 g a day in adults.', citation: 1, explanation: 'Encourage oral fluids such as oral rehydration solution.' },
  { text: 'Give aspirin or ibuprofen to patients with dengue.', citation: 1, explanation: '' },
  { text: 'Admit patients with abdominal pain, persistent vomiting or mucosal bleeding.', citation: 2, explanation: 'It prevents deaths.' },
  { text: 'Check the haematocrit and platelet count daily during the critical phase.', citation: 2, explanation: '' },
];
const checklist = JSON.stringify({ steps, title: 'Dengue Fever Care' });

interface Line {
  type: string;
  answer?: { answer: string; citations: unknown[] };
  protocol?: { title: string; checklist: { text: string; explanation: string }[] };
  message?: string;
  /** Whether the model had sent its whole reply when the line arrived. */
  modelDone: boolean;
}

describe('POST /protocols/generate/stream with a streaming model', () => {
  let model: OpenAiDouble;
  let api: TestApp;
  let token: string;
  let reply: ChatResponder = () => checklist;
  const saved = { ...process.env };

  beforeAll(async () => {
    model = await startOpenAiDouble({ chat: (request) => reply(request), streamPace: { firstTokenMs: 20, tokensPerSecond: 200 } });
    Object.assign(process.env, { GENERATOR: 'openai', OPENAI_BASE_URL: model.url, GENERATION_MODEL: 'clinical-model' });
    api = await startTestApp((config) => GenerationAppModule.forRoot(config), { service: 'generation' });
    token = await api.tokenFor('clinician-1');
  });
  afterEach(() => {
    reply = () => checklist;
  });
  afterAll(async () => {
    await api?.close();
    await model?.stop();
    process.env = saved;
  });

  const lastCall = () => model.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)!;
  const open = (signal?: AbortSignal, base = api.url) =>
    fetch(`${base}/protocols/generate/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'dengue treatment', context_snippets: snippets, instructions: '', region: null, year: null }),
      signal,
    });

  async function* linesOf(response: Response): AsyncGenerator<Line> {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const bytes of response.body!) {
      buffered += decoder.decode(bytes, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        yield { ...JSON.parse(line), modelDone: lastCall().streamEnded === true };
      }
    }
  }
  const collect = async (response: Response) => {
    const lines: Line[] = [];
    for await (const line of linesOf(response)) lines.push(line);
    return lines;
  };

  it('sends each grounded step as its own line while the model is still writing, with headers no proxy buffers', async () => {
    const response = await open();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const lines = await collect(response);
    const stepLines = lines.filter((line) => line.type === 'step');
    expect(stepLines.map((line) => line.protocol!.checklist.length)).toEqual([1, 1, 2, 3]);
    expect(stepLines.slice(0, 3).map((line) => line.modelDone)).toEqual([false, false, false]);
    // The step shows once its text and citation are written; its explanation follows once its source is seen to state it.
    expect(stepLines[0].protocol!.checklist[0].explanation).not.toBe(steps[0].explanation);
    expect(stepLines[1].protocol!.checklist[0].explanation).toBe(steps[0].explanation);
    expect(stepLines[3].protocol!.checklist[1].explanation).not.toBe('It prevents deaths.');
    const done = lines.at(-1)!;
    expect(done.type).toBe('done');
    expect(done.protocol!.title).toBe('Dengue Fever Care');
    expect(done.protocol!.checklist.map((step) => step.text)).toEqual([steps[0].text, steps[2].text, steps[3].text]);
    expect(lastCall().body.stream).toBe(true);
  });

  it('never sends a step whose meaning its source contradicts', async () => {
    const lines = await collect(await open());
    const sent = lines.flatMap((line) => line.protocol?.checklist.map((step) => step.text) ?? []);
    expect(sent).toContain(steps[0].text);
    expect(sent.some((text) => /^Give aspirin/.test(text))).toBe(false);
    expect(lines.some((line) => line.type === 'notice')).toBe(false);
  });

  it('keeps the steps shown when the model breaks off and completes the checklist from the sources, with a notice', async () => {
    model.fault({ path: '/v1/chat/completions', breakAfterTokens: Math.ceil((checklist.indexOf('},{') + 1) / 4) + 1 });
    const lines = await collect(await open());
    const types = lines.map((line) => line.type);
    expect(types[0]).toBe('step');
    expect(lines[0].protocol!.checklist.map((step) => step.text)).toEqual([steps[0].text]);
    const notice = types.indexOf('notice');
    expect(notice).toBeGreaterThan(0);
    expect(lines[notice].message).toBe(MODEL_FAILED_NOTICE);
    expect(types.slice(notice + 1, -1).every((type) => type === 'step')).toBe(true);
    expect(types.slice(notice + 1, -1).length).toBeGreaterThan(0);
    const done = lines.at(-1)!;
    expect(done.type).toBe('done');
    expect(done.protocol!.checklist[0].text).toBe(steps[0].text);
    expect(done.protocol!.checklist.length).toBeGreaterThan(1);
    expect(done.protocol!.checklist.filter((step) => /paracetamol/i.test(step.text))).toHaveLength(1);
  });

  it('aborts the model request when the client goes away mid-stream', async () => {
    const slow = [...steps, ...steps.map((step) => ({ ...step, text: `${step.text} ` }))];
    reply = () => JSON.stringify({ steps: [...slow, ...slow, ...slow], title: 'Long' });
    const controller = new AbortController();
    const response = await open(controller.signal);
    const first = await linesOf(response).next();
    expect(first.value).toMatchObject({ type: 'step', modelDone: false });
    controller.abort();
    const aborted = await eventually(async () => lastCall().closedEarly, (closed) => closed === true, 5_000, 20);
    expect(aborted).toBe(true);
    expect(lastCall().streamEnded).not.toBe(true);
  });

  it('streams through the cluster gateway line by line, and a client leaving the gateway aborts the model request', async () => {
    const rule = { service: 'generation', match: 'Prefix' as const, path: '/', test: () => true };
    const gateway = await startApiGateway([rule], { generation: api.url.replace(/\/?$/, '/') });
    try {
      const lines = await collect(await open(undefined, gateway.url));
      const stepLines = lines.filter((line) => line.type === 'step');
      expect(stepLines).toHaveLength(4);
      expect(stepLines.slice(0, 3).map((line) => line.modelDone)).toEqual([false, false, false]);
      const slow = Array.from({ length: 6 }, () => steps).flat().map((step, index) => ({ ...step, text: `${step.text}${' '.repeat(index % 4)}` }));
      reply = () => JSON.stringify({ steps: slow, title: 'Long' });
      const controller = new AbortController();
      const first = await linesOf(await open(controller.signal, gateway.url)).next();
      expect(first.value).toMatchObject({ type: 'step', modelDone: false });
      controller.abort();
      expect(await eventually(async () => lastCall().closedEarly, (closed) => closed === true, 5_000, 20)).toBe(true);
    } finally {
      await gateway.stop();
    }
  });

  it('streams a follow-up answer sentence by sentence, each only when its source states it', async () => {
    reply = () =>
      JSON.stringify({
        sentences: [
          { text: 'Give paracetamol for fever, no more than 3 g a day in adults.', citation: 1 },
          { text: 'Give aspirin or ibuprofen to patients with dengue.', citation: 1 },
          { text: 'Encourage oral fluids such as oral rehydration solution.', citation: 1 },
        ],
      });
    const response = await fetch(`${api.url}/protocols/conversation/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: 'what can I give for the fever?',
        concept_title: 'Dengue treatment',
        citations_list: snippets.map((snippet, index) => ({ id: index + 1, title: snippet.title, organization: snippet.organization, excerpt: snippet.text, url: snippet.url })),
        conversation_history: [],
      }),
    });
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const lines = await collect(response);
    expect(lines.map((line) => line.type)).toEqual(['answer', 'answer', 'done']);
    expect(lines[0].modelDone).toBe(false);
    expect(lines[0].answer!.answer).toMatch(/paracetamol/);
    expect(lines[0].answer!.answer).not.toMatch(/oral fluids/);
    expect(lines[2].answer!.answer).toMatch(/paracetamol[\s\S]*oral fluids/);
    expect(lines[2].answer!.answer).not.toMatch(/Give aspirin/);
  });

  it('answers a refused query with its error status before streaming', async () => {
    const response = await fetch(`${api.url}/protocols/generate/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'how do I make a bomb' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).detail.category).toBe('harmful');
  });
});

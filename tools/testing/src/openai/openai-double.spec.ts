import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { startOpenAiDouble, type OpenAiDouble } from './index.js';

describe('OpenAI-compatible test double', () => {
  let double: OpenAiDouble;
  let client: OpenAI;

  beforeAll(async () => {
    double = await startOpenAiDouble({
      chat: [
        'Give oxygen.',
        { content: null, toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{}' } }] },
        { id: 'chatcmpl-recorded', choices: [{ index: 0, message: { role: 'assistant', content: 'Recorded.' }, finish_reason: 'length' }] },
        'Step one. Step two.',
      ],
    });
    client = new OpenAI({ baseURL: double.url, apiKey: 'test', maxRetries: 0 });
  });
  afterAll(() => double?.stop());

  const post = async (path: string, body: unknown) => {
    const response = await fetch(double.url.replace(/\/v1$/, '') + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it('embeds deterministically in the OpenAI shape, as floats or base64, with usage', async () => {
    const floats = await client.embeddings.create({ model: 'm', input: ['fever in children', 'fever in children'], encoding_format: 'float' });
    expect(floats).toMatchObject({ object: 'list', model: 'm', usage: { prompt_tokens: 6, total_tokens: 6 } });
    expect(floats.data.map((item) => item.index)).toEqual([0, 1]);
    expect(floats.data[0].embedding).toHaveLength(64);
    expect(floats.data[0].embedding).toEqual(floats.data[1].embedding);
    expect(Math.hypot(...floats.data[0].embedding)).toBeCloseTo(1, 6);
    const decoded = await client.embeddings.create({ model: 'm', input: 'fever in children', dimensions: 16 });
    expect(double.requests.at(-1)?.body.encoding_format).toBe('base64');
    expect(decoded.data[0].embedding).toHaveLength(16);
  });

  it('returns raw term counts when told not to normalise', async () => {
    const raw = await startOpenAiDouble({ normalizeEmbeddings: false, embeddingDimensions: 1024 });
    try {
      const { body } = await fetch(`${raw.url}/embeddings`, {
        method: 'POST',
        body: JSON.stringify({ model: 'm', input: 'alpha beta gamma delta' }),
      }).then(async (response) => ({ body: (await response.json()) as any }));
      expect(body.data[0].embedding.map(Math.abs).reduce((sum: number, value: number) => sum + value, 0)).toBe(4);
    } finally {
      await raw.stop();
    }
  });

  it('answers chat completions from the recorded replies, in order', async () => {
    const ask = () => ({ model: 'gpt-test', messages: [{ role: 'user' as const, content: 'What now?' }] });
    const plain = await client.chat.completions.create(ask());
    expect(plain).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-test',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Give oxygen.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 },
    });
    const tool = await client.chat.completions.create(ask());
    expect(tool.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: null, tool_calls: [{ id: 'call_1' }] } });
    const recorded = await client.chat.completions.create(ask());
    expect(recorded).toMatchObject({ id: 'chatcmpl-recorded', choices: [{ message: { content: 'Recorded.' }, finish_reason: 'length' }] });

    const stream = await client.chat.completions.create({ ...ask(), stream: true, stream_options: { include_usage: true } });
    let text = '';
    let finish: string | null = null;
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect({ text, finish, usage }).toEqual({ text: 'Step one. Step two.', finish: 'stop', usage: expect.objectContaining({ completion_tokens: 4 }) });

    expect(await post('/v1/chat/completions', ask())).toMatchObject({ status: 500, body: { error: { type: 'server_error' } } });
    expect(double.requests.filter((request) => request.path === '/v1/chat/completions').at(0)?.body.messages).toEqual([{ role: 'user', content: 'What now?' }]);
  });

  it('computes chat replies with a responder function', async () => {
    const echo = await startOpenAiDouble({ chat: (request) => `You said: ${String(request.messages.at(-1)?.content)}` });
    try {
      const echoClient = new OpenAI({ baseURL: echo.url, apiKey: 'test' });
      const reply = await echoClient.chat.completions.create({ model: 'x', messages: [{ role: 'user', content: 'hello' }] });
      expect(reply.choices[0].message.content).toBe('You said: hello');
    } finally {
      await echo.stop();
    }
  });

  it("answers with OpenAI's error shapes, and injects faults on request", async () => {
    expect(await post('/v1/embeddings', { input: 'x' })).toEqual({
      status: 400,
      body: { error: { message: 'you must provide a model parameter', type: 'invalid_request_error', param: null, code: null } },
    });
    expect(await post('/v1/nothing', {})).toMatchObject({ status: 404, body: { error: { code: 'unknown_url' } } });

    double.fault({ path: '/v1/embeddings', status: 429, message: 'slow down' });
    await expect(client.embeddings.create({ model: 'm', input: 'x' })).rejects.toMatchObject({ status: 429, message: '429 slow down' });
    await expect(client.embeddings.create({ model: 'm', input: 'x' })).resolves.toMatchObject({ object: 'list' });

    double.fault({ delayMs: 1_000 });
    const impatient = new OpenAI({ baseURL: double.url, apiKey: 'test', maxRetries: 0, timeout: 100 });
    // Under jest's VM realm the client cannot recognise its own abort, so a timeout reads as a connection error.
    await expect(impatient.embeddings.create({ model: 'm', input: 'x' })).rejects.toThrow(/timed out|connection error/i);
  });
});

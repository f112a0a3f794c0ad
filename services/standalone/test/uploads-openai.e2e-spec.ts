import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signUpTestUser, startOpenAiDouble, startTestApp, type OpenAiChatRequest, type OpenAiDouble, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';
import { guidelinePdf } from './uploads-fixtures.js';
import { settled, uploadsClient } from './uploads-client.js';

const userMessage = (request: OpenAiChatRequest) => String(request.messages.find((message) => message.role === 'user')?.content ?? '');

/** A model that returns one step its source states and one it flipped, for every part of the document. */
const reply = () => ({
  content: JSON.stringify({
    title: 'Snakebite',
    steps: [
      { text: 'Immobilise the bitten limb with a splint and keep the patient still and calm.', explanation: '', citation: 1 },
      { text: 'Apply a tight tourniquet and cut the wound.', explanation: '', citation: 1 },
    ],
  }),
});

describe('uploads with an OpenAI-compatible generator', () => {
  let model: OpenAiDouble;
  let server: TestApp;
  const saved = { ...process.env };

  beforeAll(async () => {
    model = await startOpenAiDouble({ chat: reply });
    Object.assign(process.env, { GENERATOR: 'openai', OPENAI_BASE_URL: model.url, GENERATION_MODEL: 'clinical-model' });
    server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api', env: { EMBEDDER: 'none' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await model?.stop();
    process.env = saved;
  });

  it('sends the custom instructions with each part and keeps only the steps its sources state', async () => {
    const client = uploadsClient(server.url, server.request);
    const user = await signUpTestUser(server);
    const started = await client.upload(user, 'snakebite.pdf', guidelinePdf(), 'Focus on first aid before transfer');
    const status = await client.waitFor(user, started.body.upload_id, settled);
    expect(status).toMatchObject({ status: 'awaiting_approval', protocols_extracted: 1 });
    const calls = model.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.body.model).toBe('clinical-model');
      expect(userMessage(call.body)).toContain('The clinician asks: Focus on first aid before transfer');
      expect(userMessage(call.body)).toContain('snakebite.pdf');
    }
    const [protocol] = (await client.preview(user, started.body.upload_id)).body.protocols;
    expect(protocol.title).toBe('Snakebite first aid');
    expect(protocol.protocol_data.steps).toEqual(['Immobilise the bitten limb with a splint and keep the patient still and calm.']);
    const metrics = await fetch(`${server.url}/metrics`).then((response) => response.text());
    expect(metrics).toMatch(/cairn_generated_steps_total\{generator="openai:clinical-model",outcome="dropped_polarity"\} [1-9]/);
  });
});

import { describe, expect, it } from '@jest/globals';
import { ApiClient } from '@cairn/frontend-shared';
import { askAboutStep } from './step-thread.resource';
import { testProtocol } from './protocol.fixture';

describe('askAboutStep', () => {
  it("sends each excerpt labelled with its source's own number, which may skip one", async () => {
    const sent: unknown[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ success: true, message: 'Ask about abdominal pain daily. [4]' }), { status: 200 });
    }) as unknown as typeof fetch;
    const protocol = testProtocol({
      steps: [{ id: 'step_1', step: 'Ask daily about abdominal pain.', explanation: '', citation: 4, citations: [4] }],
      citations: [
        { id: 1, source: 'Dengue', organization: 'WHO', year: 2012, region: 'Global', url: '', excerpt: 'Give oral fluids.' },
        { id: 4, source: 'Dengue: warning signs', organization: 'CDC', year: 2024, region: 'US', url: '', excerpt: '' },
      ],
    });
    const answer = await askAboutStep(new ApiClient({ baseUrl: '/api', fetch: fetchImpl }), { message: 'why?', step: protocol.steps[0], protocol, thread: [] });
    expect(answer).toBe('Ask about abdominal pain daily. [4]');
    expect(sent[0]).toMatchObject({ step_citation: 4, protocol_citations: ['[Source 1] Give oral fluids.', '[Source 4] Dengue: warning signs'] });
  });
});

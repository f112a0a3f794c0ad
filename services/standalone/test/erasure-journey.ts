import { expect } from '@jest/globals';
import type { JsonResponse } from '@cairn/testing';
import { guidelinePdf } from './uploads-fixtures.js';
import { settled, uploadsClient } from './uploads-client.js';

type Request = <T = any>(method: string, path: string, options?: { token?: string; body?: unknown }) => Promise<JsonResponse<T>>;

export interface JourneyUser {
  uid: string;
  token: string;
  email: string;
}

/** The account-deletion journey through an API at `baseUrl` (`.../api`), whichever deployment serves it. */
export function erasureJourney(baseUrl: string, request: Request) {
  const client = uploadsClient(baseUrl, request);
  return {
    client,
    async signUp(name: string): Promise<JourneyUser> {
      const email = `${name.toLowerCase()}-${Date.now()}@ward.org`;
      const response = await request('POST', '/auth/signup', { body: { email, password: 'Sup3rSecret', displayName: name } });
      expect(response.status).toBe(201);
      return { uid: response.body.user.uid as string, token: response.body.access_token as string, email };
    },

    /** Leaves data of `user` in every service: a throttle record, a reset token, a search, a generation, a conversation, a saved checklist, an approved upload. */
    async leaveTraces(user: JourneyUser): Promise<void> {
      const as = { token: user.token };
      await request('POST', '/auth/login', { body: { email: user.email, password: 'wrong-once' } });
      await request('POST', '/auth/password-reset', { body: { email: user.email } });
      await request('POST', `/protocols/search?use_hybrid=true&enhance_query=true&user_id=${user.uid}`, { ...as, body: { query: 'dengue warning signs' } });
      const generated = await request('POST', '/protocols/generate', { ...as, body: { title: 'dengue warning signs', context_snippets: ['Watch for abdominal pain and persistent vomiting in dengue.'] } });
      expect(generated.status).toBe(200);
      const now = new Date().toISOString();
      const conversation = { id: `conv_${user.uid.slice(0, 8)}`, title: 'Dengue ward round', last_query: 'dengue warning signs', tags: ['medical-protocol'], created_at: now, updated_at: now, messages: [{ id: 'msg_1', type: 'user', content: `asked by ${user.email}`, timestamp: now, protocol_data: null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: false }] };
      expect((await request('POST', `/conversations/save?user_id=${user.uid}`, { ...as, body: conversation })).status).toBe(200);
      const saved = await request('POST', `/protocols/save?user_id=${user.uid}`, { ...as, body: { title: `Dengue checklist for ${user.email}`, checklist: generated.body.checklist ?? generated.body.steps ?? [] } });
      expect(saved.status).toBeLessThan(300);
      // Named without the uid: the approval trail of the user's hospital keeps the file's name, a fact of the organisation's record.
      const started = await client.upload(user, 'ward-guideline.pdf', guidelinePdf('Snakebite ward protocol'));
      expect(started.status).toBe(202);
      const status = await client.waitFor(user, started.body.upload_id, settled);
      expect(status.status).toBe('awaiting_approval');
      expect((await client.approve(user, started.body.upload_id)).status).toBe(200);
    },

    /** Re-authenticates (deletion needs a recent sign-in) and deletes the account. */
    async deleteAccount(user: JourneyUser): Promise<void> {
      const fresh = await request('POST', '/auth/reauthenticate', { token: user.token, body: { password: 'Sup3rSecret' } });
      expect((await request('DELETE', `/users/${user.uid}`, { token: fresh.body.access_token })).status).toBe(200);
    },
  };
}

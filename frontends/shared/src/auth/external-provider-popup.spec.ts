import { describe, expect, it } from '@jest/globals';
import { AuthError } from './auth-client';
import { readAuthPopupMessage } from './external-provider-popup';

const user = { uid: 'u1', email: 'a@b.co', displayName: 'A', photoURL: null, provider: 'oidc' };

describe('readAuthPopupMessage', () => {
  it('ignores messages from others', () => {
    expect(readAuthPopupMessage('hello')).toBeNull();
    expect(readAuthPopupMessage({ source: 'react-devtools', result: {} })).toBeNull();
  });

  it('reads a sign-in result', () => {
    const result = { access_token: 't', token_type: 'Bearer', expires_in: 3600, user };
    expect(readAuthPopupMessage({ source: 'cairn-auth', result })).toEqual({ result });
  });

  it('reads a refusal with its category', () => {
    const outcome = readAuthPopupMessage({ source: 'cairn-auth', error: { category: 'user_disabled', message: 'no' } });
    expect(outcome).toEqual({ error: expect.any(AuthError) });
    expect(outcome && 'error' in outcome && outcome.error.failure).toBe('user_disabled');
  });

  it('treats a malformed result as an unknown failure', () => {
    const outcome = readAuthPopupMessage({ source: 'cairn-auth', result: { access_token: 1 } });
    expect(outcome && 'error' in outcome && outcome.error.failure).toBe('unknown');
  });
});

import { describe, expect, it } from '@jest/globals';
import { AuthError } from './auth-client';
import { popupAnswer } from './popup-answer';

/** A window that hears messages and polls as a browser would, and a popup that can close. */
function fakeWindows() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const popup = { closed: false, close() {} } as unknown as Window & { closed: boolean };
  const host = {
    location: { origin: 'https://cairn.example' },
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
    setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
    clearInterval: (handle: ReturnType<typeof setInterval>) => clearInterval(handle),
  } as unknown as Window;
  const post = (data: unknown, origin = 'https://cairn.example', source: unknown = popup) =>
    [...listeners].forEach((listener) => listener({ data, origin, source } as MessageEvent));
  return { host, popup, post, listeners };
}

const read = (data: unknown) => (data === 'ok' ? 'signed in' : data === 'refused' ? new AuthError('user_disabled') : null);

describe('popupAnswer', () => {
  it('resolves with the first answer from the popup on this origin, ignoring the rest', async () => {
    const { host, popup, post, listeners } = fakeWindows();
    const answer = popupAnswer(popup, read, host);
    post('ok', 'https://evil.example');
    post('ok', 'https://cairn.example', {});
    post('noise');
    post('ok');
    await expect(answer).resolves.toBe('signed in');
    expect(listeners.size).toBe(0);
  });

  it('rejects with the refusal the popup sends', async () => {
    const { host, popup, post } = fakeWindows();
    const answer = popupAnswer(popup, read, host);
    post('refused');
    await expect(answer).rejects.toMatchObject({ failure: 'user_disabled' });
  });

  it('takes an answer that arrives just after the popup closed itself', async () => {
    const { host, popup, post } = fakeWindows();
    const answer = popupAnswer(popup, read, host);
    popup.closed = true;
    setTimeout(() => post('ok'), 400);
    await expect(answer).resolves.toBe('signed in');
  });

  it('calls a popup closed without an answer a cancelled sign-in', async () => {
    const { host, popup } = fakeWindows();
    const answer = popupAnswer(popup, read, host);
    popup.closed = true;
    await expect(answer).rejects.toMatchObject({ failure: 'cancelled' });
  });
});

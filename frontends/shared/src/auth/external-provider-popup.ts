import { isAuthResponse, normaliseUser, type AuthResponse } from './accounts.resource';
import { AuthError, type AuthFailure } from './auth-client';

/**
 * Contract with the page that ends the external sign-in inside the popup: it calls
 * `window.opener.postMessage({ source: 'cairn-auth', result: <login response> }, origin)`,
 * or `{ source: 'cairn-auth', error: { category } }` when the provider refused.
 */
export const AUTH_POPUP_SOURCE = 'cairn-auth';
const POPUP_NAME = 'cairn-external-sign-in';
const POPUP_FEATURES = 'popup,width=520,height=680';
const CLOSED_POLL_MS = 250;
const CLOSED_GRACE_MS = 1_000;

export type AuthPopupOutcome = { result: AuthResponse } | { error: AuthError };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Reads a message posted by the popup; anything not addressed to us gives null. */
export function readAuthPopupMessage(data: unknown): AuthPopupOutcome | null {
  if (!isRecord(data) || data.source !== AUTH_POPUP_SOURCE) return null;
  if (isAuthResponse(data.result)) return { result: { ...data.result, user: normaliseUser(data.result.user) } };
  const error = isRecord(data.error) ? data.error : {};
  const category = typeof error.category === 'string' ? (error.category as AuthFailure) : 'unknown';
  const message = typeof error.message === 'string' ? error.message : category;
  return { error: new AuthError(category, message) };
}

export function openExternalProviderPopup(startUrl: string, host: Window = window): Promise<AuthResponse> {
  const popup = host.open(startUrl, POPUP_NAME, POPUP_FEATURES);
  if (!popup) return Promise.reject(new AuthError('unknown', 'The sign-in popup was blocked'));

  return new Promise((resolve, reject) => {
    const finish = () => {
      host.removeEventListener('message', onMessage);
      host.clearInterval(closedPoll);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== host.location.origin || event.source !== popup) return;
      const outcome = readAuthPopupMessage(event.data);
      if (!outcome) return;
      finish();
      popup.close();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    // A popup that closes itself right after posting its answer is seen closed before that message
    // arrives: a closed popup counts as cancelled only once the grace period has passed without it.
    let closedSince: number | null = null;
    const closedPoll = host.setInterval(() => {
      if (!popup.closed) return;
      closedSince ??= Date.now();
      if (Date.now() - closedSince < CLOSED_GRACE_MS) return;
      finish();
      reject(new AuthError('cancelled', 'The sign-in popup was closed'));
    }, CLOSED_POLL_MS);
    host.addEventListener('message', onMessage);
  });
}

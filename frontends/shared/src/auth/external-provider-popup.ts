import { isAuthResponse, normaliseUser, type AuthResponse } from './accounts.resource';
import { AuthError, type AuthFailure } from './auth-client';
import { popupAnswer } from './popup-answer';

/**
 * Contract with the page that ends the external sign-in inside the popup: it calls
 * `window.opener.postMessage({ source: 'cairn-auth', result: <login response> }, origin)`,
 * or `{ source: 'cairn-auth', error: { category } }` when the provider refused.
 */
export const AUTH_POPUP_SOURCE = 'cairn-auth';
const POPUP_NAME = 'cairn-external-sign-in';
const POPUP_FEATURES = 'popup,width=520,height=680';

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

  return popupAnswer(
    popup,
    (data) => {
      const outcome = readAuthPopupMessage(data);
      if (!outcome) return null;
      return 'result' in outcome ? outcome.result : outcome.error;
    },
    host,
  );
}

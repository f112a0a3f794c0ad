import Keycloak from 'keycloak-js';
import type { OidcAuthConfig } from '../config/runtime-config';
import { AuthError } from './auth-client';
import { popupAnswer } from './popup-answer';

/** The shell's page that runs the provider sign-in inside the popup (a client-side route of the shell). */
export const OIDC_POPUP_PATH = '/oidc-popup';
const MESSAGE_SOURCE = 'cairn-oidc';
/** The profile and e-mail claims name the user in the app (Keycloak adds them by default; other providers need asking). */
export const OIDC_SCOPES = 'openid email profile';
const POPUP_NAME = 'cairn-oidc-sign-in';
const POPUP_FEATURES = 'popup,width=520,height=680';

export interface OidcTokens {
  token: string;
  refreshToken?: string;
  idToken?: string;
}

export function createKeycloak(config: OidcAuthConfig): Keycloak {
  return 'issuer' in config ? new Keycloak({ oidcProvider: config.issuer, clientId: config.clientId }) : new Keycloak({ url: config.url, realm: config.realm, clientId: config.clientId });
}

/**
 * Inside the popup: keycloak-js signs in at the provider (authorization code + PKCE, back to this same
 * page), then hands the tokens to the window that opened the popup (same origin only) and closes.
 */
export async function runOidcPopup(config: OidcAuthConfig, host: Window = window): Promise<void> {
  const keycloak = createKeycloak(config);
  // Read before keycloak-js processes the callback, which removes its parameters from the address.
  const parameters = new URLSearchParams(host.location.search);
  const prompt = parameters.get('prompt');
  const refused = parameters.has('error');
  const reply = (message: Record<string, unknown>) => {
    host.opener?.postMessage({ source: MESSAGE_SOURCE, ...message }, host.location.origin);
    host.close();
  };
  try {
    const authenticated = await keycloak.init({ pkceMethod: 'S256', checkLoginIframe: false, responseMode: 'query', scope: OIDC_SCOPES });
    if (authenticated && keycloak.token) {
      reply({ tokens: { token: keycloak.token, refreshToken: keycloak.refreshToken, idToken: keycloak.idToken } });
      return;
    }
    if (refused) {
      reply({ error: 'cancelled' });
      return;
    }
    await keycloak.login({ redirectUri: `${host.location.origin}${OIDC_POPUP_PATH}`, ...(prompt === 'login' && { prompt: 'login', maxAge: 0 }) });
  } catch (error) {
    console.error('[cairn] sign-in at the identity provider failed', error);
    reply({ error: 'cancelled' });
  }
}

/** In the app: opens the popup and resolves with the tokens it hands back. */
export function openOidcPopup(options: { reauthenticate?: boolean } = {}, host: Window = window): Promise<OidcTokens> {
  const popup = host.open(`${OIDC_POPUP_PATH}${options.reauthenticate ? '?prompt=login' : ''}`, POPUP_NAME, POPUP_FEATURES);
  if (!popup) return Promise.reject(new AuthError('unknown', 'The sign-in popup was blocked'));
  return popupAnswer(
    popup,
    (data) => {
      const message = data as { source?: string; tokens?: OidcTokens } | null;
      if (message?.source !== MESSAGE_SOURCE) return null;
      return message.tokens?.token ? message.tokens : new AuthError('cancelled', 'Sign-in at the identity provider did not complete');
    },
    host,
  );
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { listenOnLoopback } from '../http/loopback-server.js';

export interface OidcTestProvider {
  /** The issuer URL, e.g. http://127.0.0.1:41234 */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the relying party's callback; the provider answers only once this is called. */
  allowRedirectUri(uri: string): void;
  close(): Promise<void>;
}

/** Claims of the account whose login (its subject) was typed into the provider's sign-in form; any password is accepted. */
export const providerClaims = (login: string) => ({
  sub: login,
  email: `${login}@hospital.example`,
  email_verified: true,
  name: login.replace(/(^|[.-])(\w)/g, (_, separator: string, letter: string) => `${separator ? ' ' : ''}${letter.toUpperCase()}`),
  picture: `https://hospital.example/photos/${login}.png`,
});

/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port, with its built-in sign-in and
 * consent pages: a stand-in for a hospital's Keycloak or directory-backed provider.
 */
export async function startOidcTestProvider(): Promise<OidcTestProvider> {
  const clientId = 'cairn-test';
  const clientSecret = 'cairn-test-secret';
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const server = createServer((request, response) => {
    if (handler) return handler(request, response);
    response.writeHead(503).end('the test provider has no client yet');
  });
  const loopback = await listenOnLoopback(server);
  const issuer = `http://127.0.0.1:${loopback.port}`;
  const redirectUris: string[] = [];
  return {
    issuer,
    clientId,
    clientSecret,
    allowRedirectUri(uri) {
      redirectUris.push(uri);
      const provider = new Provider(issuer, {
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [...redirectUris], grant_types: ['authorization_code'], response_types: ['code'] }],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
        findAccount: async (_context, sub) => ({
          accountId: sub,
          claims: async () => providerClaims(sub),
        }),
        pkce: { required: () => true },
        cookies: { keys: ['cairn-test-cookie-key'] },
        features: { devInteractions: { enabled: true } },
      });
      provider.on('server_error', (_context, error) => process.stderr.write(`test OIDC provider: ${error.message}\n`));
      handler = provider.callback();
    },
    close: () => loopback.close(),
  };
}

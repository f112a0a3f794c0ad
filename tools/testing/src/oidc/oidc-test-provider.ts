import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type Provider from 'oidc-provider';
import { listenOnLoopback } from '../http/loopback-server.js';

export interface OidcTestProvider {
  /** The issuer URL, e.g. http://127.0.0.1:41234 */
  issuer: string;
  /** A confidential client (the accounts service federating the provider). */
  clientId: string;
  clientSecret: string;
  /** A public client (the browser app with keycloak-js): PKCE, refresh tokens, JWT access tokens for the audience `cairn`. */
  browserClientId: string;
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
  // Loaded here, not with the package: only the tests that start a provider pay for it (and hear its warnings).
  const { default: OidcProvider } = await import('oidc-provider');
  const clientId = 'cairn-test';
  const clientSecret = 'cairn-test-secret';
  const browserClientId = 'cairn-web';
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
    browserClientId,
    allowRedirectUri(uri) {
      redirectUris.push(uri);
      const provider: Provider = new OidcProvider(issuer, {
        clients: [
          { client_id: clientId, client_secret: clientSecret, redirect_uris: [...redirectUris], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
          { client_id: browserClientId, token_endpoint_auth_method: 'none', redirect_uris: [...redirectUris], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
        ],
        conformIdTokenClaims: false,
        issueRefreshToken: async (_context, client) => client.clientId === browserClientId,
        cookies: { keys: ['cairn-test-cookie-key'], long: { sameSite: 'lax' }, short: { sameSite: 'lax' } },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
        findAccount: async (_context, sub) => ({
          accountId: sub,
          claims: async () => providerClaims(sub),
        }),
        pkce: { required: () => true },
        features: {
          devInteractions: { enabled: true },
          // Access tokens are JWTs for the audience `cairn`, as Keycloak's are with Cairn's audience mapper.
          resourceIndicators: {
            enabled: true,
            defaultResource: async () => 'urn:cairn',
            useGrantedResource: async () => true,
            getResourceServerInfo: async () => ({ scope: 'openid email profile', audience: 'cairn', accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }),
          },
        },
      });
      provider.on('server_error', (_context, error) => process.stderr.write(`test OIDC provider: ${error.message}\n`));
      const callback = provider.callback();
      handler = (request, response) => {
        allowCredentialedCors(request, response);
        if (request.method === 'POST' && request.url?.split('?')[0] === '/token') void withJwtShapedRefreshTokens(request, response, callback);
        else callback(request, response);
      };
    },
    close: () => loopback.close(),
  };
}

/**
 * keycloak-js calls the token endpoint with credentials, as Keycloak allows for the client's web origins;
 * oidc-provider answers CORS without credentials, so the answer names the calling origin and allows them.
 */
function allowCredentialedCors(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (!origin) return;
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) => {
    if (name.toLowerCase() !== 'access-control-allow-origin') return setHeader(name, value);
    setHeader('Access-Control-Allow-Credentials', 'true');
    return setHeader(name, origin);
  };
}

const REFRESH_PREFIX = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.`;

/**
 * keycloak-js reads refresh tokens as JWTs, as Keycloak's are; oidc-provider's are opaque. At the token
 * endpoint the opaque token travels inside a JWT-shaped wrapper: wrapped on the way out, unwrapped on the way in.
 */
async function withJwtShapedRefreshTokens(request: IncomingMessage, response: ServerResponse, next: (request: IncomingMessage, response: ServerResponse) => void): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString());
  const wrapped = form.get('refresh_token');
  if (wrapped?.startsWith(REFRESH_PREFIX)) form.set('refresh_token', JSON.parse(Buffer.from(wrapped.split('.')[1], 'base64url').toString()).opaque);
  const body = Buffer.from(form.toString());
  const replay = Object.assign(Readable.from([body]), {
    headers: { ...request.headers, 'content-length': String(body.length) },
    method: request.method,
    url: request.url,
    httpVersion: request.httpVersion,
    socket: request.socket,
    connection: request.socket,
  }) as unknown as IncomingMessage;
  const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse;
  response.end = ((chunk?: unknown) => {
    try {
      const answer = JSON.parse(String(chunk)) as { refresh_token?: string; expires_in?: number };
      if (answer.refresh_token) {
        const claims = { typ: 'Refresh', exp: Math.floor(Date.now() / 1000) + 14 * 24 * 3600, opaque: answer.refresh_token };
        answer.refresh_token = `${REFRESH_PREFIX}${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
        response.removeHeader('content-length');
        return end(JSON.stringify(answer));
      }
    } catch {
      // not JSON: passed on as it is
    }
    return end(chunk);
  }) as typeof response.end;
  next(replay, response);
}

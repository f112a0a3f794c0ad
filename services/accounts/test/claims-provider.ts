import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** What the provider says of the user of one sign-in: claims in its ID token, and others only at userinfo. */
export interface ProviderUser {
  sub: string;
  idToken: Record<string, unknown>;
  /** null: userinfo refuses this user's access token (as oidc-provider does a token for another audience). */
  userInfo?: Record<string, unknown> | null;
}

export interface ClaimsProvider {
  issuer: string;
  clientId: string;
  /** The code the provider would send back after `user` signed in, for the authorization request at `authorizationUrl`. */
  codeFor(authorizationUrl: string, user: ProviderUser): string;
  close(): Promise<void>;
}

/**
 * An OIDC provider reduced to discovery, JWKS, token and userinfo endpoints, whose users carry any claims
 * a test gives them (an organisation, Keycloak's `realm_access.roles`); the sign-in page is skipped.
 */
export async function startClaimsProvider(): Promise<ClaimsProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'claims-provider', alg: 'RS256', use: 'sig' };
  const clientId = 'cairn-claims';
  const codes = new Map<string, { nonce: string; user: ProviderUser }>();
  const accessTokens = new Map<string, ProviderUser>();
  let issuer = '';

  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
      });
    }
    if (path === '/jwks') return json(200, { keys: [jwk] });
    if (path === '/userinfo') {
      const user = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user && user.userInfo !== null ? json(200, { sub: user.sub, ...user.userInfo }) : json(401, { error: 'invalid_token' });
    }
    if (path === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const grant = codes.get(new URLSearchParams(body).get('code') ?? '');
        if (!grant) return json(400, { error: 'invalid_grant' });
        codes.delete(new URLSearchParams(body).get('code')!);
        const accessToken = randomUUID();
        accessTokens.set(accessToken, grant.user);
        void new SignJWT({ ...grant.user.idToken, nonce: grant.nonce })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
          .setSubject(grant.user.sub)
          .setIssuer(issuer)
          .setAudience(clientId)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey)
          .then((idToken) => json(200, { id_token: idToken, access_token: accessToken, token_type: 'Bearer', expires_in: 300 }));
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    issuer,
    clientId,
    codeFor(authorizationUrl, user) {
      const code = randomUUID();
      codes.set(code, { nonce: new URL(authorizationUrl).searchParams.get('nonce')!, user });
      return code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

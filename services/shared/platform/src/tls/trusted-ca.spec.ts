import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestCertificates, startHttpsFront, startMongoWireDouble, startTlsTcpFront, type TestCertificates } from '@cairn/testing';
import { JoseTokenVerifier, KeySource } from '../auth/token-verifier.js';
import { MongoDocumentStore } from '../documents/adapters/mongo-document-store.adapter.js';
import { fetchTrusting, readCaBundle } from './trusted-ca.js';

describe('backends signed by a private CA', () => {
  let certificates: TestCertificates;

  beforeAll(() => {
    certificates = createTestCertificates();
  });
  afterAll(() => certificates.remove());

  it('reads every certificate of a PEM bundle, and stops start-up naming the variable when the file is missing or holds none', () => {
    const bundle = join(certificates.caFile, '..', 'bundle.pem');
    writeFileSync(bundle, `${certificates.caPem}\n${certificates.cert}`);
    expect(readCaBundle('MONGO_CA_FILE', bundle)).toHaveLength(2);
    expect(readCaBundle('MONGO_CA_FILE', undefined)).toBeUndefined();
    expect(() => readCaBundle('MONGO_CA_FILE', '/nowhere/ca.crt')).toThrow(/MONGO_CA_FILE: cannot read \/nowhere\/ca.crt \(ENOENT\)/);
    const notPem = join(certificates.caFile, '..', 'server.csr');
    expect(() => readCaBundle('OIDC_CA_FILE', notPem)).toThrow(/OIDC_CA_FILE: .*server.csr holds no PEM certificate/);
  });

  it('stores documents in MongoDB over TLS with MONGO_CA_FILE', async () => {
    const double = await startMongoWireDouble();
    const front = await startTlsTcpFront(Number(new URL(double.url).port), certificates);
    const store = await MongoDocumentStore.connect({ url: `mongodb://localhost:${front.port}/?directConnection=true`, database: 'cairn_tls', caFile: certificates.caFile });
    try {
      const notes = store.collection<{ id: string; text: string }>('notes');
      await notes.insert({ id: 'n1', text: 'over TLS' });
      expect(await notes.get('n1')).toMatchObject({ text: 'over TLS' });
    } finally {
      await store.close();
      await front.stop();
      await double.stop();
    }
  });

  it("verifies tokens with keys fetched from an issuer's JWKS over TLS with OIDC_CA_FILE, and refuses them without it", async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }] });
    const issuerServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    const front = await startHttpsFront(`http://127.0.0.1:${(issuerServer.address() as { port: number }).port}`, certificates);
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setSubject('u1').setIssuer('https://idp.hospital').setAudience('cairn').setExpirationTime('5m').sign(privateKey);
    const verifier = (fetcher?: typeof fetch) =>
      new JoseTokenVerifier(KeySource.remote(`${front.url}/certs`, fetcher), { issuer: 'https://idp.hospital', audience: 'cairn' });
    try {
      await expect(verifier(fetchTrusting(readCaBundle('OIDC_CA_FILE', certificates.caFile))).verify(token)).resolves.toMatchObject({ uid: 'u1' });
      await expect(verifier().verify(token)).rejects.toThrow();
    } finally {
      await front.stop();
      await new Promise((resolve) => issuerServer.close(resolve));
    }
  });
});

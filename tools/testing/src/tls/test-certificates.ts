import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  /** The private CA's certificate, as a hospital hands it to an SRE. */
  caFile: string;
  caPem: string;
  /** A server certificate signed by that CA for localhost and 127.0.0.1. */
  cert: string;
  key: string;
  remove(): void;
}

/** A throw-away private CA and a loopback server certificate it signed, made with the openssl CLI. */
export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-tls-'));
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Cairn Test Hospital CA', '-keyout', path('ca.key'), '-out', path('ca.crt'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', path('server.key'), '-out', path('server.csr'));
  writeFileSync(path('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  openssl('x509', '-req', '-in', path('server.csr'), '-CA', path('ca.crt'), '-CAkey', path('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', path('server.ext'), '-out', path('server.crt'));
  return {
    caFile: path('ca.crt'),
    caPem: readFileSync(path('ca.crt'), 'utf8'),
    cert: readFileSync(path('server.crt'), 'utf8'),
    key: readFileSync(path('server.key'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

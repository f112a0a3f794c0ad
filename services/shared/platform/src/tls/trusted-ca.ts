import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import { ConfigError } from '../config/platform-config.js';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of the PEM bundle a `*_CA_FILE` variable names; a missing or empty file stops start-up naming the variable. */
export function readCaBundle(variable: string, file: string | undefined): string[] | undefined {
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const certificates = text.match(PEM_CERTIFICATE);
  if (!certificates) throw new ConfigError(`Invalid configuration:\n  ${variable}: ${file} holds no PEM certificate`);
  return certificates;
}

/** A fetch that trusts `ca` besides the system roots, for clients that accept one (jose, openai, OIDC discovery). */
export function fetchTrusting(ca: string[] | undefined): typeof fetch {
  if (!ca) return fetch;
  const dispatcher = new Agent({ connect: { ca: [...tls.rootCertificates, ...ca] } });
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as object), dispatcher })) as unknown as typeof fetch;
}

type DefaultTrust = typeof tls & {
  getCACertificates?: (type: 'default') => string[];
  setDefaultCACertificates?: (certificates: string[]) => void;
};

/**
 * Adds `ca` to the trust of every TLS client in the process that names no CA of its own (the Qdrant
 * client builds its own connection pool). Needs Node 22.19 or 24.5; false where the runtime lacks it.
 */
export function trustProcessWide(ca: string[]): boolean {
  const runtime = tls as DefaultTrust;
  if (!runtime.setDefaultCACertificates || !runtime.getCACertificates) return false;
  runtime.setDefaultCACertificates([...runtime.getCACertificates('default'), ...ca]);
  return true;
}

import { describe, expect, it } from '@jest/globals';
import { RuntimeConfigError, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

const standalone = {
  apiBaseUrl: '/api',
  remotes: {
    chat: '/remotes/chat/mf-manifest.json',
    sidebar: '/remotes/sidebar/mf-manifest.json',
    upload: '/remotes/upload/mf-manifest.json',
  },
  auth: { mode: 'local' },
};

describe('parseRuntimeConfig', () => {
  it('reads the standalone configuration', () => {
    expect(parseRuntimeConfig(standalone)).toEqual(standalone);
  });

  it('drops a trailing slash from the API base', () => {
    expect(parseRuntimeConfig({ ...standalone, apiBaseUrl: 'https://cairn.example/api/' }).apiBaseUrl).toBe(
      'https://cairn.example/api',
    );
  });

  it('defaults to local auth and ignores unknown remotes', () => {
    const config = parseRuntimeConfig({ apiBaseUrl: '/api', remotes: { chat: '/c.json', extra: '/x.json' } });
    expect(config.auth).toEqual({ mode: 'local' });
    expect(config.remotes).toEqual({ chat: '/c.json' });
  });

  it('keeps an external provider for local auth', () => {
    const config = parseRuntimeConfig({ ...standalone, auth: { mode: 'local', externalProvider: { startUrl: '/api/auth/oidc/start' } } });
    expect(config.auth).toEqual({ mode: 'local', externalProvider: { startUrl: '/api/auth/oidc/start' } });
  });

  it('reads an oidc configuration', () => {
    const auth = { mode: 'oidc', url: 'https://id.example', realm: 'cairn', clientId: 'cairn-web' };
    expect(parseRuntimeConfig({ ...standalone, auth }).auth).toEqual(auth);
    const generic = { mode: 'oidc', issuer: 'https://login.example/tenant', clientId: 'cairn-web' };
    expect(parseRuntimeConfig({ ...standalone, auth: generic }).auth).toEqual(generic);
  });

  it.each([
    [null, 'expected a JSON object'],
    [{ ...standalone, apiBaseUrl: '' }, '"apiBaseUrl"'],
    [{ ...standalone, remotes: [] }, '"remotes"'],
    [{ ...standalone, remotes: { chat: 42 } }, '"remotes.chat"'],
    [{ ...standalone, auth: { mode: 'saml' } }, '"auth.mode"'],
    [{ ...standalone, auth: { mode: 'oidc', url: 'https://id.example' } }, '"auth.realm"'],
    [{ ...standalone, auth: { mode: 'local', externalProvider: {} } }, '"auth.externalProvider.startUrl"'],
    [{ ...standalone, auth: { mode: 'oidc', issuer: 'https://login.example' } }, '"auth.clientId"'],
  ])('rejects %j naming the field', (input, fragment) => {
    expect(() => parseRuntimeConfig(input)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(input)).toThrow(fragment);
  });
});

describe('loadRuntimeConfig', () => {
  it('fetches and parses the file', async () => {
    const fetchImpl = (async () => new Response(JSON.stringify(standalone), { status: 200 })) as typeof fetch;
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual(standalone);
  });

  it('fails on a non-2xx answer', async () => {
    const fetchImpl = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow('answered 404');
  });
});

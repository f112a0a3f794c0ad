/**
 * Every Secret, ConfigMap, ServiceAccount and PersistentVolumeClaim a pod of the chart references is
 * either rendered by the chart or one of the values the chart requires (ci/required-values.yaml), and a
 * render without those values fails with a message naming them.
 * Run: NODE_OPTIONS=--experimental-vm-modules npx jest charts/cairn/references
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { helmTemplate, type KubernetesObject } from '../../tools/testing/src/cluster/helm.js';
import { kubeTools, repoRoot } from '../../tools/testing/src/cluster/kube-tools.js';

// `yaml` through the workspace that declares it for these helpers (tools/testing).
const { parse } = createRequire(join(repoRoot, 'tools/testing/package.json'))('yaml') as typeof import('yaml');

const CHART = 'charts/cairn';
const REQUIRED_VALUES = 'charts/cairn/ci/required-values.yaml';

interface Reference {
  kind: 'Secret' | 'ConfigMap' | 'ServiceAccount' | 'PersistentVolumeClaim';
  name: string;
  from: string;
}

/** What a pod template names: env and envFrom sources, volumes, projected volumes, its ServiceAccount and image pull Secrets. */
function referencesOf(owner: string, pod: any): Reference[] {
  const found: Reference[] = [];
  const add = (kind: Reference['kind'], name: string | undefined, optional?: boolean) => {
    if (name && !optional) found.push({ kind, name, from: owner });
  };
  add('ServiceAccount', pod.serviceAccountName ?? 'default');
  for (const secret of pod.imagePullSecrets ?? []) add('Secret', secret.name);
  for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
    for (const entry of container.env ?? []) {
      add('Secret', entry.valueFrom?.secretKeyRef?.name, entry.valueFrom?.secretKeyRef?.optional);
      add('ConfigMap', entry.valueFrom?.configMapKeyRef?.name, entry.valueFrom?.configMapKeyRef?.optional);
    }
    for (const source of container.envFrom ?? []) {
      add('Secret', source.secretRef?.name, source.secretRef?.optional);
      add('ConfigMap', source.configMapRef?.name, source.configMapRef?.optional);
    }
  }
  for (const volume of pod.volumes ?? []) {
    add('Secret', volume.secret?.secretName, volume.secret?.optional);
    add('ConfigMap', volume.configMap?.name, volume.configMap?.optional);
    add('PersistentVolumeClaim', volume.persistentVolumeClaim?.claimName);
    for (const source of volume.projected?.sources ?? []) {
      add('Secret', source.secret?.name, source.secret?.optional);
      add('ConfigMap', source.configMap?.name, source.configMap?.optional);
    }
  }
  return found;
}

function podReferences(objects: KubernetesObject[]): Reference[] {
  return objects.flatMap((object) => {
    const spec = object.spec as any;
    const pod = object.kind === 'Pod' ? spec : object.kind === 'CronJob' ? spec?.jobTemplate?.spec?.template?.spec : spec?.template?.spec;
    return pod?.containers ? referencesOf(`${object.kind}/${object.metadata.name}`, pod) : [];
  });
}

/** The Secret names ci/required-values.yaml gives (every `existingSecret`), which the chart cannot create. */
function requiredSecretNames(): string[] {
  const names: string[] = [];
  const walk = (value: unknown, key = ''): void => {
    if (value && typeof value === 'object') for (const [child, inner] of Object.entries(value)) walk(inner, child);
    else if (key === 'existingSecret' && typeof value === 'string' && value) names.push(value);
  };
  walk(parse(readFileSync(join(repoRoot, REQUIRED_VALUES), 'utf8')));
  return names;
}

describe('references of the default install', () => {
  let objects: KubernetesObject[];

  beforeAll(() => {
    kubeTools();
    objects = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES] });
  }, 120_000);

  it('refuses to render without the required values, naming them', () => {
    expect(() => helmTemplate(CHART)).toThrow(/mongo\.existingSecret \(a Secret holding MONGO_URL\) is required/);
  });

  it('resolves every Secret, ConfigMap, ServiceAccount and PVC a pod references to a rendered object or a required value', () => {
    const rendered = new Set(objects.map((object) => `${object.kind}/${object.metadata.name}`));
    const required = new Set(requiredSecretNames().map((name) => `Secret/${name}`));
    const references = podReferences(objects);
    expect(references.length).toBeGreaterThan(20);
    const unresolved = references.filter(({ kind, name }) => !rendered.has(`${kind}/${name}`) && !required.has(`${kind}/${name}`));
    expect(unresolved).toEqual([]);
    expect(references.filter(({ kind, name }) => required.has(`${kind}/${name}`)).length).toBeGreaterThan(0);
  });

  it('creates the hook Jobs\' ServiceAccounts as earlier hooks of the same events, so they exist when the Jobs start', () => {
    const hook = (object: KubernetesObject) => object.metadata.annotations?.['helm.sh/hook'];
    const weight = (object: KubernetesObject) => Number(object.metadata.annotations?.['helm.sh/hook-weight'] ?? 0);
    const jobs = objects.filter((object) => object.kind === 'Job' && hook(object));
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const name = (job.spec as any).template.spec.serviceAccountName;
      const account = objects.find((object) => object.kind === 'ServiceAccount' && object.metadata.name === name)!;
      expect({ job: job.metadata.name, hook: hook(account), earlier: weight(account) < weight(job) }).toEqual({ job: job.metadata.name, hook: hook(job), earlier: true });
    }
  });

  it('fails early, naming the value, when a Secret a feature needs is not given', () => {
    const render = (set: Record<string, string>) => () => helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set });
    expect(render({ 'kafka.sasl.mechanism': 'scram-sha-512' })).toThrow(/kafka\.sasl\.username and kafka\.sasl\.existingSecret/);
    expect(render({ 'elasticsearch.auth.type': 'basic' })).toThrow(/elasticsearch\.auth\.existingSecret/);
    expect(render({ 'keycloak.admin.deleteUsers': 'true', 'auth.mode': 'oidc' })).toThrow(/keycloak\.admin\.existingSecret/);
  });
});

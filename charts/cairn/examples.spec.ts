/**
 * charts/cairn/examples: the backends as their operators' resources, each valid against its CRD's schema
 * (test-support/crd-schemas.ts; Kubernetes' own kinds against kubernetes-models), and Cairn's values for
 * them (cairn-values.yaml), which name only Services and Secrets those resources create.
 * Run: NODE_OPTIONS=--experimental-vm-modules npx jest charts/cairn/examples
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { helmTemplate, type KubernetesObject } from '../../tools/testing/src/cluster/helm.js';
import { kubeTools, repoRoot } from '../../tools/testing/src/cluster/kube-tools.js';
import { crdSchemaErrors, hasCrdSchema } from './test-support/crd-schemas.js';

const YAML = createRequire(join(repoRoot, 'tools/testing/package.json'))('yaml') as typeof import('yaml');

const CHART = 'charts/cairn';
const EXAMPLES = join(repoRoot, CHART, 'examples');
const VALUES = 'charts/cairn/examples/cairn-values.yaml';
const NAMESPACE = 'cairn';

const exampleObjects = (): KubernetesObject[] =>
  readdirSync(EXAMPLES)
    .filter((file) => file.endsWith('.yaml') && file !== 'cairn-values.yaml')
    .flatMap((file) => YAML.parseAllDocuments(readFileSync(join(EXAMPLES, file), 'utf8')).map((document) => document.toJS() as KubernetesObject));

const ofKind = (objects: KubernetesObject[], kind: string) => objects.filter((object) => object.kind === kind);

/** The Secrets the operators write for the example resources, as their documentation names them. */
function operatorSecrets(objects: KubernetesObject[]): string[] {
  return [
    ...ofKind(objects, 'Kafka').map((kafka) => `${kafka.metadata.name}-cluster-ca-cert`),
    ...ofKind(objects, 'KafkaUser').map((user) => user.metadata.name),
    ...ofKind(objects, 'MongoDBCommunity').flatMap((mongo) =>
      ((mongo.spec as any).users as { name: string; db: string }[]).map((user) => `${mongo.metadata.name}-${user.db}-${user.name}`),
    ),
    ...ofKind(objects, 'Elasticsearch').flatMap((es) => [`${es.metadata.name}-es-elastic-user`, `${es.metadata.name}-es-http-certs-public`]),
  ];
}

/** The Services the operators make, with their ports. */
function operatorServices(objects: KubernetesObject[]): Record<string, number[]> {
  const services: Record<string, number[]> = {};
  for (const kafka of ofKind(objects, 'Kafka')) services[`${kafka.metadata.name}-kafka-bootstrap`] = ((kafka.spec as any).kafka.listeners as { port: number }[]).map((listener) => listener.port);
  for (const es of ofKind(objects, 'Elasticsearch')) services[`${es.metadata.name}-es-http`] = [9200];
  for (const keycloak of ofKind(objects, 'Keycloak')) services[`${keycloak.metadata.name}-service`] = (keycloak.spec as any).http?.httpEnabled ? [8080, 8443] : [8443];
  for (const service of ofKind(objects, 'Service')) services[service.metadata.name] = ((service.spec as any).ports as { port: number }[]).map((port) => port.port);
  return services;
}

/** Secrets the example files tell the reader to create with kubectl. */
function secretsCreatedByHand(): string[] {
  return readdirSync(EXAMPLES).flatMap((file) => [...readFileSync(join(EXAMPLES, file), 'utf8').matchAll(/kubectl -n cairn create secret generic (\S+)/g)].map((match) => match[1]));
}

describe('charts/cairn/examples', () => {
  const objects = exampleObjects();
  let cairn: KubernetesObject[];

  beforeAll(() => {
    kubeTools();
    cairn = helmTemplate(CHART, { valuesFiles: [VALUES] });
  }, 120_000);

  it('brings up Kafka with a user, a MongoDB replica set, Elasticsearch, Qdrant and Keycloak with the cairn realm', () => {
    expect(objects.map((object) => `${object.kind}/${object.metadata.name}`).sort()).toEqual(
      ['Elasticsearch/cairn-es', 'Kafka/events', 'KafkaNodePool/dual-role', 'KafkaUser/cairn', 'Keycloak/keycloak', 'KeycloakRealmImport/cairn', 'MongoDBCommunity/cairn-mongo', 'Service/qdrant', 'StatefulSet/qdrant'].sort(),
    );
    expect(ofKind(objects, 'MongoDBCommunity').map((mongo) => (mongo.spec as any).type)).toEqual(['ReplicaSet']);
    for (const object of objects) expect(object.metadata.namespace).toBe(NAMESPACE);
  });

  it('validates every resource against its CRD\'s schema, or the Kubernetes schema', async () => {
    const invalid: string[] = [];
    for (const object of objects) {
      if (hasCrdSchema(object.apiVersion, object.kind)) {
        invalid.push(...crdSchemaErrors(repoRoot, object).map((error) => `${object.kind}/${object.metadata.name}: ${error}`));
        continue;
      }
      const models = (await import(`kubernetes-models/${object.apiVersion}`)) as Record<string, new (data: unknown) => { validate(): void }>;
      try {
        new models[object.kind](object).validate();
      } catch (error) {
        invalid.push(`${object.kind}/${object.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('refuses what those schemas refuse', () => {
    const [mongo] = structuredClone(ofKind(objects, 'MongoDBCommunity'));
    (mongo.spec as any).type = 'Standalone';
    expect(crdSchemaErrors(repoRoot, mongo).join()).toMatch(/type: must be equal to one of the allowed values/);
    const [kafka] = structuredClone(ofKind(objects, 'Kafka'));
    delete (kafka.spec as any).kafka.listeners[0].tls;
    expect(crdSchemaErrors(repoRoot, kafka).join()).toMatch(/must have required property 'tls'/);
    const [es] = structuredClone(ofKind(objects, 'Elasticsearch'));
    delete (es.spec as any).version;
    expect(crdSchemaErrors(repoRoot, es).join()).toMatch(/must have required property 'version'/);
    const [keycloak] = structuredClone(ofKind(objects, 'Keycloak'));
    delete (keycloak.spec as any).http;
    expect(crdSchemaErrors(repoRoot, keycloak).length).toBeGreaterThan(0);
  });

  it('gives Cairn only Secrets the examples create, their operators write, or the reader creates as told', () => {
    const available = new Set([...operatorSecrets(objects), ...secretsCreatedByHand()]);
    const rendered = new Set(cairn.filter((object) => object.kind === 'Secret').map((object) => object.metadata.name));
    const referenced = new Set<string>();
    for (const object of cairn) {
      const spec = object.spec as any;
      const pod = object.kind === 'Pod' ? spec : spec?.template?.spec;
      for (const container of pod?.containers ?? []) for (const entry of container.env ?? []) if (entry.valueFrom?.secretKeyRef) referenced.add(entry.valueFrom.secretKeyRef.name);
      for (const volume of pod?.volumes ?? []) if (volume.secret) referenced.add(volume.secret.secretName);
    }
    expect([...referenced].filter((name) => !available.has(name) && !rendered.has(name))).toEqual([]);
    expect(referenced.size).toBeGreaterThanOrEqual(5);
  });

  it('points Cairn at the Services the examples make, on their ports', () => {
    const values = YAML.parse(readFileSync(join(repoRoot, VALUES), 'utf8'));
    const services = operatorServices(objects);
    const endpoints = [...values.kafka.brokers.map((broker: string) => `tcp://${broker}`), values.elasticsearch.url, values.qdrant.url, values.keycloak.internalUrl].map((url: string) => new URL(url));
    for (const endpoint of endpoints) {
      const [service, namespace] = endpoint.hostname.split('.');
      const port = Number(endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80));
      expect({ host: endpoint.hostname, namespace, ports: services[service] }).toEqual({ host: endpoint.hostname, namespace: NAMESPACE, ports: expect.arrayContaining([port]) });
    }
    expect(values.kafka.topics.strimzi.cluster).toBe(ofKind(objects, 'Kafka')[0].metadata.name);
    expect(ofKind(cairn, 'KafkaTopic').every((topic) => topic.metadata.labels?.['strimzi.io/cluster'] === 'events')).toBe(true);
  });

  it('imports the realm the chart renders for these values', () => {
    const [realmImport] = ofKind(objects, 'KeycloakRealmImport');
    const rendered = helmTemplate(CHART, { valuesFiles: [VALUES], set: { 'keycloak.realmImport.enabled': 'true', 'keycloak.realmImport.operator': 'true' } });
    const [fromChart] = ofKind(rendered, 'KeycloakRealmImport');
    expect(realmImport.spec).toEqual(fromChart.spec);
    expect((realmImport.spec as any).keycloakCRName).toBe(ofKind(objects, 'Keycloak')[0].metadata.name);
  });
});

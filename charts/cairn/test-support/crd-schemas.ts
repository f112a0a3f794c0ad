/**
 * JSON schemas of the custom resources the chart renders that kubernetes-models has no model of:
 * Strimzi's KafkaTopic and KafkaUser (kafka.strimzi.io/v1beta2 and v1), Gateway API's HTTPRoute
 * (gateway.networking.k8s.io/v1) and KEDA's ScaledObject and TriggerAuthentication (keda.sh/v1alpha1).
 * Written from the fields their CRDs document (Strimzi 0.4x API reference, Gateway API v1.2 standard
 * channel, KEDA 2.x), closed with additionalProperties: false wherever the chart writes, so a misspelt
 * or misplaced field fails like it would at the API server. Validated with the ajv that
 * @kubernetes-models/validate depends on.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BACKEND_SCHEMAS } from './backend-crd-schemas.js';

type Schema = Record<string, unknown>;

const dnsSubdomain = { type: 'string', minLength: 1, maxLength: 253, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$' };
const dnsLabel = { type: 'string', minLength: 1, maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' };
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const metadata = (name: Schema = dnsSubdomain, requiredLabels: string[] = []): Schema => ({
  type: 'object',
  required: ['name'],
  properties: {
    name,
    namespace: dnsLabel,
    labels: { ...stringMap, required: requiredLabels },
    annotations: stringMap,
  },
});
const resource = (apiVersions: string[], kind: string, spec: Schema, meta: Schema = metadata()): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: { apiVersion: { enum: apiVersions }, kind: { const: kind }, metadata: meta, spec },
});

const STRIMZI = ['kafka.strimzi.io/v1beta2', 'kafka.strimzi.io/v1'];
const ACL_OPERATIONS = ['Read', 'Write', 'Create', 'Delete', 'Alter', 'Describe', 'ClusterAction', 'AlterConfigs', 'DescribeConfigs', 'IdempotentWrite', 'All'];

const kafkaTopic = resource(
  STRIMZI,
  'KafkaTopic',
  {
    type: 'object',
    additionalProperties: false,
    properties: {
      topicName: { type: 'string', pattern: '^[a-zA-Z0-9._-]{1,249}$' },
      partitions: { type: 'integer', minimum: 1 },
      replicas: { type: 'integer', minimum: 1, maximum: 32767 },
      config: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
    },
  },
  metadata(dnsSubdomain, ['strimzi.io/cluster']),
);

const kafkaUser = resource(
  STRIMZI,
  'KafkaUser',
  {
    type: 'object',
    additionalProperties: false,
    properties: {
      authentication: {
        type: 'object',
        additionalProperties: false,
        required: ['type'],
        properties: {
          type: { enum: ['tls', 'tls-external', 'scram-sha-512'] },
          password: { type: 'object' },
        },
      },
      authorization: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'acls'],
        properties: {
          type: { const: 'simple' },
          acls: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['resource'],
              anyOf: [{ required: ['operations'] }, { required: ['operation'] }],
              properties: {
                type: { enum: ['allow', 'deny'] },
                resource: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['type'],
                  properties: {
                    type: { enum: ['topic', 'group', 'cluster', 'transactionalId'] },
                    name: { type: 'string', minLength: 1 },
                    patternType: { enum: ['literal', 'prefix'] },
                  },
                },
                host: { type: 'string' },
                operations: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: ACL_OPERATIONS } },
                operation: { enum: ACL_OPERATIONS },
              },
            },
          },
        },
      },
      quotas: {
        type: 'object',
        additionalProperties: false,
        properties: {
          producerByteRate: { type: 'integer', minimum: 0 },
          consumerByteRate: { type: 'integer', minimum: 0 },
          requestPercentage: { type: 'integer', minimum: 0 },
          controllerMutationRate: { type: 'number', minimum: 0 },
        },
      },
      template: { type: 'object' },
    },
  },
  // The SCRAM user name and the certificate's CN: a Kafka principal, and the name of its Secret.
  metadata({ ...dnsSubdomain, maxLength: 64 }, ['strimzi.io/cluster']),
);

const duration = { type: 'string', pattern: '^([0-9]{1,5}(h|m|s|ms)){1,4}$' };
const httpRoute = resource(['gateway.networking.k8s.io/v1'], 'HTTPRoute', {
  type: 'object',
  additionalProperties: false,
  properties: {
    parentRefs: {
      type: 'array',
      maxItems: 32,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          group: { type: 'string' },
          kind: { type: 'string' },
          namespace: dnsLabel,
          name: { type: 'string', minLength: 1, maxLength: 253 },
          sectionName: { type: 'string', minLength: 1, maxLength: 253 },
          port: { type: 'integer', minimum: 1, maximum: 65535 },
        },
      },
    },
    hostnames: { type: 'array', maxItems: 16, items: { type: 'string', pattern: '^(\\*\\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$' } },
    rules: {
      type: 'array',
      maxItems: 16,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: dnsLabel,
          matches: {
            type: 'array',
            maxItems: 64,
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                path: {
                  type: 'object',
                  additionalProperties: false,
                  properties: {
                    type: { enum: ['Exact', 'PathPrefix', 'RegularExpression'] },
                    // The CRD's rules for Exact and PathPrefix: absolute, no `//`, `/./`, `/../`, `%2f`, `#`.
                    value: { type: 'string', maxLength: 1024, pattern: '^/', not: { pattern: '//|/\\./|/\\.\\./|%2[fF]|#|/\\.{1,2}$' } },
                  },
                },
                headers: { type: 'array' },
                queryParams: { type: 'array' },
                method: { enum: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'] },
              },
            },
          },
          filters: { type: 'array', maxItems: 16 },
          backendRefs: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name'],
              properties: {
                group: { type: 'string' },
                kind: { type: 'string' },
                name: { type: 'string', minLength: 1, maxLength: 253 },
                namespace: dnsLabel,
                port: { type: 'integer', minimum: 1, maximum: 65535 },
                weight: { type: 'integer', minimum: 0, maximum: 1000000 },
                filters: { type: 'array' },
              },
            },
          },
          timeouts: { type: 'object', additionalProperties: false, properties: { request: duration, backendRequest: duration } },
          retry: { type: 'object' },
          sessionPersistence: { type: 'object' },
        },
      },
    },
  },
});

const scaledObject = resource(['keda.sh/v1alpha1'], 'ScaledObject', {
  type: 'object',
  additionalProperties: false,
  required: ['scaleTargetRef', 'triggers'],
  properties: {
    scaleTargetRef: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string', minLength: 1 }, envSourceContainerName: { type: 'string' } },
    },
    pollingInterval: { type: 'integer', minimum: 1 },
    cooldownPeriod: { type: 'integer', minimum: 0 },
    initialCooldownPeriod: { type: 'integer', minimum: 0 },
    idleReplicaCount: { type: 'integer', minimum: 0 },
    minReplicaCount: { type: 'integer', minimum: 0 },
    maxReplicaCount: { type: 'integer', minimum: 1 },
    fallback: { type: 'object' },
    advanced: { type: 'object' },
    triggers: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'metadata'],
        properties: {
          type: { type: 'string', minLength: 1 },
          name: { type: 'string' },
          // Every metadata value is a string.
          metadata: stringMap,
          authenticationRef: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', minLength: 1 }, kind: { enum: ['TriggerAuthentication', 'ClusterTriggerAuthentication'] } } },
          metricType: { enum: ['AverageValue', 'Value', 'Utilization'] },
          useCachedMetrics: { type: 'boolean' },
        },
      },
    },
  },
});

const triggerAuthentication = resource(['keda.sh/v1alpha1'], 'TriggerAuthentication', {
  type: 'object',
  additionalProperties: false,
  properties: {
    podIdentity: { type: 'object' },
    secretTargetRef: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['parameter', 'name', 'key'], properties: { parameter: { type: 'string', minLength: 1 }, name: { type: 'string', minLength: 1 }, key: { type: 'string', minLength: 1 } } },
    },
    configMapTargetRef: { type: 'array' },
    env: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['parameter', 'name'], properties: { parameter: { type: 'string', minLength: 1 }, name: { type: 'string', minLength: 1 }, containerName: { type: 'string' } } },
    },
    hashiCorpVault: { type: 'object' },
    azureKeyVault: { type: 'object' },
    awsSecretManager: { type: 'object' },
    gcpSecretManager: { type: 'object' },
    boundServiceAccountToken: { type: 'array' },
  },
});

/** apiVersion group → kind → schema. */
const SCHEMAS: Record<string, Record<string, Schema>> = {
  ...BACKEND_SCHEMAS,
  'kafka.strimzi.io': { ...BACKEND_SCHEMAS['kafka.strimzi.io'], KafkaTopic: kafkaTopic, KafkaUser: kafkaUser },
  'gateway.networking.k8s.io': { HTTPRoute: httpRoute },
  'keda.sh': { ScaledObject: scaledObject, TriggerAuthentication: triggerAuthentication },
};

interface AjvLike {
  compile(schema: Schema): ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
}

let ajv: AjvLike | undefined;
function validator(repoRoot: string): AjvLike {
  if (!ajv) {
    // The ajv of @kubernetes-models/validate (a dependency of the kubernetes-models devDependency).
    const fromModels = createRequire(createRequire(join(repoRoot, 'package.json')).resolve('kubernetes-models/package.json'));
    const fromValidate = createRequire(fromModels.resolve('@kubernetes-models/validate'));
    const Ajv = fromValidate('ajv').default as new (options: Record<string, unknown>) => AjvLike;
    ajv = new Ajv({ allErrors: true, strict: false });
  }
  return ajv;
}

/** Whether the chart's custom resources of this apiVersion and kind have a schema here. */
export function hasCrdSchema(apiVersion: string, kind: string): boolean {
  return Boolean(SCHEMAS[apiVersion.split('/')[0]]?.[kind]);
}

/** The schema errors of one custom resource ("path: message"); empty when it is valid. */
export function crdSchemaErrors(repoRoot: string, object: { apiVersion: string; kind: string }): string[] {
  const schema = SCHEMAS[object.apiVersion.split('/')[0]]?.[object.kind];
  if (!schema) return [`no schema for ${object.apiVersion} ${object.kind}`];
  const validate = validator(repoRoot).compile(schema);
  return validate(object) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? 'invalid'}`);
}

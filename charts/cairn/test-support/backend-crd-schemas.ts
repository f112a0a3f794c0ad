/**
 * Minimal JSON schemas of the backends' custom resources in examples/: Strimzi's Kafka and KafkaNodePool
 * (kafka.strimzi.io/v1beta2, Strimzi 0.45 API reference), the MongoDB Community Operator's
 * MongoDBCommunity (mongodbcommunity.mongodb.com/v1), ECK's Elasticsearch (elasticsearch.k8s.elastic.co/v1)
 * and the Keycloak Operator's Keycloak and KeycloakRealmImport (k8s.keycloak.org/v2alpha1). No schema
 * package of these is in the repository, so they hold what the CRDs document as required, the types and
 * enums of the fields the examples write, and the names their operators insist on; fields the examples
 * do not use are left open.
 */
type Schema = Record<string, unknown>;

const dnsLabel = { type: 'string', minLength: 1, maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' };
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const metadata = (requiredLabels: string[] = []): Schema => ({
  type: 'object',
  required: ['name'],
  properties: { name: dnsLabel, namespace: dnsLabel, labels: { ...stringMap, required: requiredLabels }, annotations: stringMap },
});
const resource = (apiVersions: string[], kind: string, spec: Schema, meta: Schema = metadata()): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: { apiVersion: { enum: apiVersions }, kind: { const: kind }, metadata: meta, spec },
});
const quantity = { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$' };

const STRIMZI = ['kafka.strimzi.io/v1beta2', 'kafka.strimzi.io/v1'];

const strimziVolume = {
  type: 'object',
  required: ['type'],
  properties: {
    id: { type: 'integer', minimum: 0 },
    type: { enum: ['ephemeral', 'persistent-claim'] },
    size: quantity,
    deleteClaim: { type: 'boolean' },
    kraftMetadata: { enum: ['shared'] },
  },
};

const kafkaNodePool = resource(
  STRIMZI,
  'KafkaNodePool',
  {
    type: 'object',
    required: ['replicas', 'storage', 'roles'],
    properties: {
      replicas: { type: 'integer', minimum: 0 },
      roles: { type: 'array', minItems: 1, items: { enum: ['controller', 'broker'] } },
      storage: {
        type: 'object',
        required: ['type'],
        properties: { type: { enum: ['ephemeral', 'persistent-claim', 'jbod'] }, size: quantity, volumes: { type: 'array', minItems: 1, items: strimziVolume } },
      },
    },
  },
  metadata(['strimzi.io/cluster']),
);

const kafka = resource(STRIMZI, 'Kafka', {
  type: 'object',
  required: ['kafka'],
  properties: {
    kafka: {
      type: 'object',
      required: ['listeners'],
      properties: {
        version: { type: 'string' },
        metadataVersion: { type: 'string' },
        replicas: { type: 'integer', minimum: 1 },
        listeners: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['name', 'port', 'type', 'tls'],
            properties: {
              name: { type: 'string', pattern: '^[a-z0-9]{1,11}$' },
              port: { type: 'integer', minimum: 9092 },
              type: { enum: ['internal', 'route', 'loadbalancer', 'nodeport', 'ingress', 'cluster-ip'] },
              tls: { type: 'boolean' },
              authentication: { type: 'object', required: ['type'], properties: { type: { enum: ['tls', 'scram-sha-512', 'oauth', 'custom'] } } },
            },
          },
        },
        authorization: { type: 'object', required: ['type'], properties: { type: { enum: ['simple', 'opa', 'keycloak', 'custom'] } } },
        config: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
      },
    },
    entityOperator: {
      type: 'object',
      properties: { topicOperator: { type: 'object' }, userOperator: { type: 'object' } },
    },
  },
});

const mongoRole = { type: 'object', additionalProperties: false, required: ['name', 'db'], properties: { name: { type: 'string', minLength: 1 }, db: { type: 'string', minLength: 1 } } };

const mongoDBCommunity = resource(['mongodbcommunity.mongodb.com/v1'], 'MongoDBCommunity', {
  type: 'object',
  required: ['type', 'version', 'security', 'users'],
  properties: {
    members: { type: 'integer', minimum: 1, maximum: 50 },
    arbiters: { type: 'integer', minimum: 0 },
    type: { enum: ['ReplicaSet'] },
    version: { type: 'string', pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+' },
    security: {
      type: 'object',
      properties: {
        authentication: {
          type: 'object',
          required: ['modes'],
          properties: { modes: { type: 'array', minItems: 1, items: { enum: ['SCRAM', 'SCRAM-SHA-256', 'SCRAM-SHA-1', 'X509'] } }, ignoreUnknownUsers: { type: 'boolean' } },
        },
        tls: { type: 'object' },
      },
    },
    users: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'db', 'passwordSecretRef', 'roles', 'scramCredentialsSecretName'],
        properties: {
          name: { type: 'string', minLength: 1 },
          db: { type: 'string', minLength: 1 },
          passwordSecretRef: { type: 'object', required: ['name'], properties: { name: dnsLabel, key: { type: 'string' } } },
          roles: { type: 'array', minItems: 1, items: mongoRole },
          scramCredentialsSecretName: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' },
          connectionStringSecretName: { type: 'string' },
          additionalConnectionStringConfig: { type: 'object' },
        },
      },
    },
    additionalMongodConfig: { type: 'object' },
    statefulSet: { type: 'object' },
  },
});

const elasticsearch = resource(['elasticsearch.k8s.elastic.co/v1'], 'Elasticsearch', {
  type: 'object',
  required: ['version', 'nodeSets'],
  properties: {
    version: { type: 'string', pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+' },
    nodeSets: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', maxLength: 23, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' },
          count: { type: 'integer', minimum: 0 },
          config: { type: 'object' },
          podTemplate: { type: 'object' },
          volumeClaimTemplates: { type: 'array', items: { type: 'object', required: ['metadata', 'spec'] } },
        },
      },
    },
    http: { type: 'object' },
  },
});

const keycloak = resource(['k8s.keycloak.org/v2alpha1', 'k8s.keycloak.org/v2beta1'], 'Keycloak', {
  type: 'object',
  properties: {
    instances: { type: 'integer', minimum: 1 },
    image: { type: 'string' },
    db: { type: 'object', properties: { vendor: { type: 'string' }, host: { type: 'string' }, usernameSecret: { type: 'object', required: ['name', 'key'] }, passwordSecret: { type: 'object', required: ['name', 'key'] } } },
    http: { type: 'object', properties: { httpEnabled: { type: 'boolean' }, httpPort: { type: 'integer' }, httpsPort: { type: 'integer' }, tlsSecret: { type: 'string' } } },
    hostname: { type: 'object', properties: { hostname: { type: 'string' }, admin: { type: 'string' }, strict: { type: 'boolean' } } },
    proxy: { type: 'object', properties: { headers: { enum: ['forwarded', 'xforwarded'] } } },
    ingress: { type: 'object', properties: { enabled: { type: 'boolean' } } },
  },
  // The operator refuses a Keycloak without TLS unless plain HTTP is enabled.
  anyOf: [{ required: ['http'], properties: { http: { anyOf: [{ required: ['tlsSecret'] }, { required: ['httpEnabled'], properties: { httpEnabled: { const: true } } }] } } }],
});

const keycloakRealmImport = resource(['k8s.keycloak.org/v2alpha1'], 'KeycloakRealmImport', {
  type: 'object',
  required: ['keycloakCRName', 'realm'],
  properties: {
    keycloakCRName: dnsLabel,
    realm: {
      type: 'object',
      required: ['realm'],
      properties: {
        realm: { type: 'string', minLength: 1 },
        enabled: { type: 'boolean' },
        sslRequired: { enum: ['none', 'external', 'all'] },
        clients: { type: 'array', items: { type: 'object', required: ['clientId'], properties: { clientId: { type: 'string', minLength: 1 }, redirectUris: { type: 'array', items: { type: 'string' } } } } },
      },
    },
  },
});

/** apiVersion group → kind → schema. */
export const BACKEND_SCHEMAS: Record<string, Record<string, Schema>> = {
  'kafka.strimzi.io': { Kafka: kafka, KafkaNodePool: kafkaNodePool },
  'mongodbcommunity.mongodb.com': { MongoDBCommunity: mongoDBCommunity },
  'elasticsearch.k8s.elastic.co': { Elasticsearch: elasticsearch },
  'k8s.keycloak.org': { Keycloak: keycloak, KeycloakRealmImport: keycloakRealmImport },
};

import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const list = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean));

const port = z.coerce.number().int().min(0).max(65535);

export const platformEnvSchema = z
  .object({
    PORT: port.optional().describe('Listening port; unset: 8080 for the standalone server, 8081–8086 for search, generation, conversations, saved-protocols, uploads and accounts.'),
    HOST: z.string().default('0.0.0.0').describe('Listening address.'),
    API_PREFIX: z
      .string()
      .regex(/^\/[a-z0-9][a-z0-9/_-]*[a-z0-9]$/, 'must be a path such as /api (no trailing slash)')
      .optional()
      .describe('A service\'s API under a path such as `/api`, so a Gateway API route or a plain Ingress forwards paths unchanged; `/healthz`, `/readyz` and `/metrics` stay at the root.'),
    DATA_DIR: z.string().min(1).default('./.data').describe('SQLite files (one per service), the search index, blobs, the mail outbox.'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('pino log level.'),
    EVENT_BUS: z.enum(['in-process', 'kafka']).default('in-process').describe('`in-process` → `InProcessEventBus`; `kafka` → `KafkaEventBus` (needs `KAFKA_BROKERS`, optional `KAFKA_CLIENT_ID`).'),
    KAFKA_BROKERS: list.optional().describe('The Kafka brokers, comma-separated (`kafka-0:9092,kafka-1:9092`); required when `EVENT_BUS=kafka`.'),
    KAFKA_CLIENT_ID: z.string().min(1).optional().describe('The Kafka client id; unset: `cairn-<service>`.'),
    KAFKA_SSL: z.enum(['true', 'false']).default('false').transform((value) => value === 'true').describe('TLS to the brokers.'),
    KAFKA_SSL_CA_FILE: z.string().min(1).optional().describe('The CA file (PEM) that signed the brokers\' certificates; unset: the system CAs.'),
    KAFKA_SSL_CERT_FILE: z.string().min(1).optional().describe('mTLS: the client certificate (PEM file), with `KAFKA_SSL_KEY_FILE` (both or neither); set, they turn TLS on.'),
    KAFKA_SSL_KEY_FILE: z.string().min(1).optional().describe('mTLS: the client certificate\'s key (PEM file), with `KAFKA_SSL_CERT_FILE`.'),
    KAFKA_SASL_MECHANISM: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional().describe('SASL to the brokers; needs `KAFKA_SASL_USERNAME` and `KAFKA_SASL_PASSWORD`.'),
    KAFKA_SASL_USERNAME: z.string().min(1).optional().describe('The SASL user; required with `KAFKA_SASL_MECHANISM`.'),
    KAFKA_SASL_PASSWORD: z.string().min(1).optional().describe('The SASL password; required with `KAFKA_SASL_MECHANISM`.'),
    KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000).describe('How long a consumer that stopped heartbeating (a killed pod) keeps its partitions before the group hands them to another member.'),
    KAFKA_TOPIC_PREFIX: z.string().max(200).regex(/^[A-Za-z0-9._-]*$/, 'may hold only letters, digits, ".", "_" and "-" (it begins Kafka topic names)').default('').describe('Put before every topic, dead-letter topic and consumer group the services use (`cairn.` gives `cairn.user.deleted`, `cairn.user.deleted.dlq`, group `cairn.search`), so two releases can share one Kafka; the event types inside the envelopes stay unprefixed.'),
    EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(20).describe('Kafka: failed deliveries of one event before it is copied to `<topic>.dlq` (with its error, group, partition and offset in headers) and its partition moves on; an undecodable event goes there at once.'),
    PROCESSED_EVENTS_RETENTION_DAYS: z.coerce.number().positive().default(14).describe('How long a service remembers the event ids it handled (pruned hourly, a day at a time); keep it above the topics\' retention.'),
    DOCUMENT_STORE: z.enum(['sqlite', 'mongo']).default('sqlite').describe('`sqlite` → `SqliteDocumentStore`; `mongo` → `MongoDocumentStore` (needs `MONGO_URL`).'),
    BLOB_STORE: z.enum(['file', 'gridfs']).default('file').describe('`file` → `FileBlobStore` under `DATA_DIR/blobs`; `gridfs` → `GridFsBlobStore` (needs `MONGO_URL`).'),
    MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URL').optional().describe('MongoDB connection string (a replica set); required when `DOCUMENT_STORE=mongo` or `BLOB_STORE=gridfs`.'),
    MONGO_CA_FILE: z.string().min(1).optional().describe('PEM bundle MongoDB\'s certificate is checked against (an operator\'s own CA); implies TLS.'),
    OIDC_CA_FILE: z.string().min(1).optional().describe('PEM bundle of the identity provider\'s CA, trusted for its discovery, token and JWKS requests (federation, Keycloak admin, `AUTH_JWKS_URL`).'),
    AUTH_JWKS_URL: z.url().optional().describe('Unset: tokens are verified with the accounts key ring in the same process (a service started alone uses `http://127.0.0.1:8086/.well-known/jwks.json`); set: the issuer\'s JWKS (Keycloak).'),
    AUTH_MODE: z.enum(['local', 'oidc']).default('local').describe('Whose access tokens the services verify: `local`, the accounts service\'s (a user\'s organisation and roles from their `org`, `org_name` and `roles` claims); `oidc`, the identity provider\'s (Keycloak; from the `AUTH_*_CLAIM` and role settings below, never from Cairn\'s claim names).'),
    AUTH_ISSUER: z.string().min(1).default('cairn').describe('Expected `iss` of access tokens.'),
    AUTH_AUDIENCE: z.string().default('cairn').describe('Expected `aud` of access tokens (empty: not checked).'),
    AUTH_ORGANISATION_CLAIM: z.string().min(1).default('organisation').describe('The identity provider\'s claim naming the user\'s organisation (hospital): a string or an array; a Keycloak group path names the group under `/hospitals` it is in (`/hospitals/st-marys/icu` gives `st-marys`), other paths none; entries naming two organisations give none. Read from Keycloak tokens and at federated sign-in; Cairn\'s own tokens carry the result as `org`. See [hospital-library.md](hospital-library.md#organisations-and-roles).'),
    AUTH_ORGANISATION_NAME_CLAIM: z.string().min(1).default('organisation_name').describe('The provider\'s claim holding the organisation\'s display name; absent: the organisation id.'),
    AUTH_ROLES_CLAIM: z.string().min(1).default('realm_access.roles').describe('A dotted path to the provider\'s array of role or group names (`groups` for Keycloak group membership).'),
    AUTH_EDITOR_ROLE: z.string().min(1).default('cairn-editor').describe('The entry of that array (a role, or a group\'s name or path) that makes the user an editor of their organisation\'s library.'),
    AUTH_ADMINISTRATOR_ROLE: z.string().min(1).default('cairn-administrator').describe('The entry that makes the user their organisation\'s administrator (everything an editor may).'),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(10_000).describe('On SIGTERM a service stops being ready, answers the requests it has (closing their keep-alive connections), then stops its outbox relay and consumers, then its clients and stores; requests still running after this long lose their connections, and the process ends at the latest 15 s later.'),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024).describe('JSON bodies over this are a 413.'),
    AUTH_COOKIE_PATH: z.string().startsWith('/', 'must be a path such as /api/auth').optional().describe('The refresh cookie\'s `Path`, as the browser sees the auth routes; unset: from the request. Needed behind a proxy that rewrites paths (the chart sets `/api/auth`, since its ingress strips `/api`).'),
    AUTH_RECENT_LOGIN_SECONDS: z.coerce.number().int().min(0).default(300).describe('`DELETE /users/{id}` needs a token whose `auth_time` (sign-in or `POST /auth/reauthenticate`) is at most this old; older is a 403 `requires_recent_login`.'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value): boolean | number | string[] => {
        if (value === 'true' || value === 'false') return value === 'true';
        if (/^\d+$/.test(value)) return Number(value);
        return value.split(',').map((item) => item.trim()).filter(Boolean);
      })
      .describe('Who may set `X-Forwarded-For` / `-Proto`: `false` (nobody: the socket\'s address is the client, as on a laptop), `true` (any hop), a hop count (`1` behind one ingress), or addresses and CIDRs (`10.0.0.0/8,127.0.0.1`). It decides the client address sign-in and reset throttling count by, and whether a request came over TLS (HSTS).'),
  })
  .superRefine((env, ctx) => {
    if (env.EVENT_BUS === 'kafka' && !env.KAFKA_BROKERS?.length) {
      ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'is required when EVENT_BUS=kafka (e.g. kafka-0:9092,kafka-1:9092)' });
    }
    if (env.KAFKA_SASL_MECHANISM && !(env.KAFKA_SASL_USERNAME && env.KAFKA_SASL_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['KAFKA_SASL_USERNAME'], message: 'and KAFKA_SASL_PASSWORD are required when KAFKA_SASL_MECHANISM is set' });
    }
    if (Boolean(env.KAFKA_SSL_CERT_FILE) !== Boolean(env.KAFKA_SSL_KEY_FILE)) {
      const missing = env.KAFKA_SSL_CERT_FILE ? 'KAFKA_SSL_KEY_FILE' : 'KAFKA_SSL_CERT_FILE';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required too: the client certificate and its key go together' });
    }
    if (env.DOCUMENT_STORE === 'mongo' && !env.MONGO_URL) {
      ctx.addIssue({ code: 'custom', path: ['MONGO_URL'], message: 'is required when DOCUMENT_STORE=mongo' });
    }
    if (env.BLOB_STORE === 'gridfs' && !env.MONGO_URL) {
      ctx.addIssue({ code: 'custom', path: ['MONGO_URL'], message: 'is required when BLOB_STORE=gridfs' });
    }
  });

export type PlatformEnv = z.infer<typeof platformEnvSchema>;

export interface PlatformConfig extends PlatformEnv {
  /** Name of the service (or `standalone`), used for client ids, database names and logs. */
  service: string;
  port: number;
}

/** Parses `env` with `schema`; throws one ConfigError naming every bad variable. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || 'environment';
    return `  ${variable}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

export function loadPlatformConfig(service: string, defaultPort: number, env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const parsed = parseEnv(platformEnvSchema, env);
  return { ...parsed, service, port: parsed.PORT ?? defaultPort };
}

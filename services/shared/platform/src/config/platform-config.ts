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
    PORT: port.optional(),
    HOST: z.string().default('0.0.0.0'),
    API_PREFIX: z
      .string()
      .regex(/^\/[a-z0-9][a-z0-9/_-]*[a-z0-9]$/, 'must be a path such as /api (no trailing slash)')
      .optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    EVENT_BUS: z.enum(['in-process', 'kafka']).default('in-process'),
    KAFKA_BROKERS: list.optional(),
    KAFKA_CLIENT_ID: z.string().min(1).optional(),
    KAFKA_SSL: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
    KAFKA_SSL_CA_FILE: z.string().min(1).optional(),
    KAFKA_SSL_CERT_FILE: z.string().min(1).optional(),
    KAFKA_SSL_KEY_FILE: z.string().min(1).optional(),
    KAFKA_SASL_MECHANISM: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional(),
    KAFKA_SASL_USERNAME: z.string().min(1).optional(),
    KAFKA_SASL_PASSWORD: z.string().min(1).optional(),
    KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
    KAFKA_TOPIC_PREFIX: z.string().max(200).regex(/^[A-Za-z0-9._-]*$/, 'may hold only letters, digits, ".", "_" and "-" (it begins Kafka topic names)').default(''),
    EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(20),
    PROCESSED_EVENTS_RETENTION_DAYS: z.coerce.number().positive().default(14),
    DOCUMENT_STORE: z.enum(['sqlite', 'mongo']).default('sqlite'),
    BLOB_STORE: z.enum(['file', 'gridfs']).default('file'),
    MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URL').optional(),
    MONGO_CA_FILE: z.string().min(1).optional(),
    OIDC_CA_FILE: z.string().min(1).optional(),
    AUTH_JWKS_URL: z.url().optional(),
    AUTH_ISSUER: z.string().min(1).default('cairn'),
    AUTH_AUDIENCE: z.string().default('cairn'),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(10_000),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
    AUTH_COOKIE_PATH: z.string().startsWith('/', 'must be a path such as /api/auth').optional(),
    AUTH_RECENT_LOGIN_SECONDS: z.coerce.number().int().min(0).default(300),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value): boolean | number | string[] => {
        if (value === 'true' || value === 'false') return value === 'true';
        if (/^\d+$/.test(value)) return Number(value);
        return value.split(',').map((item) => item.trim()).filter(Boolean);
      }),
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

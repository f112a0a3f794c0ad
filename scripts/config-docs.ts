// Writes docs/configuration.md from the services' zod config schemas (their `.describe()` texts).
//
//   npm run docs:config
//
// scripts/config-docs.spec.ts fails when docs/configuration.md differs from what this renders.
import { writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { platformEnvSchema } from '../services/shared/platform/src/config/platform-config.js';
import { searchEnvSchema } from '../services/search/src/config/search-config.js';
import { generationEnvSchema } from '../services/generation/src/config/generation-config.js';
import { uploadsEnvSchema } from '../services/uploads/src/uploads-config.js';
import { DEFAULT_PUBLIC_EMAIL_DOMAINS } from '../services/accounts/src/organisations/organisation-settings.js';

/** The parts of a zod 4 schema's definition this page reads. */
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  defaultValue?: unknown;
  entries?: Record<string, string>;
  format?: string;
  checks?: { _zod: { def: Check } }[];
}
interface Check {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  pattern?: RegExp;
  prefix?: string;
}
interface Schema {
  def: Def;
  description?: string;
}

/** A variable read outside a schema this script can import, described here instead. */
export interface Variable {
  name: string;
  type: string;
  default: string;
  allowed?: string;
  description: string;
}

interface Section {
  title: string;
  readBy: string;
  schema?: { shape: Record<string, unknown> };
  variables?: Variable[];
}

/** Defaults computed from a module's own path; shown as the repository path they resolve to. */
const PATH_DEFAULTS: Record<string, string> = { SEARCH_CORPUS_DIR: 'services/search/corpus' };

const SECTIONS: Section[] = [
  { title: 'Every service', readBy: '`services/shared/platform/src/config/platform-config.ts`, in every service and the standalone server', schema: platformEnvSchema },
  { title: 'Search', readBy: '`services/search/src/config/search-config.ts`, in search (and its CLIs)', schema: searchEnvSchema },
  { title: 'Generation', readBy: '`services/generation/src/config/generation-config.ts`, in generation', schema: generationEnvSchema },
  { title: 'Uploads', readBy: '`services/uploads/src/uploads-config.ts`, in uploads', schema: uploadsEnvSchema },
  {
    title: 'Accounts',
    readBy: '`services/accounts/src/` (`accounts.module.ts`, `organisations/organisation-settings.ts`, `password-reset/smtp-mailer.ts`, `federation/oidc-settings.ts`, `directory/keycloak-directory.ts`), in accounts',
    variables: [
      { name: 'PUBLIC_URL', type: 'URL', default: '`http://localhost:8080`', description: 'Base of the links in password-reset e-mails.' },
      { name: 'ORGANISATION_NAMES', type: 'string', default: 'empty', allowed: '`domain=name` pairs separated by `;`', description: 'Display names of organisations, which Cairn accounts belong to by their email domain (`ward.org=St Mary\'s Hospital;clinic.org=Riverside Clinic`); empty, every domain but the public providers\' is an organisation named by its domain; set, only the domains it lists are organisations, which is what a server strangers can reach needs, since sign-up does not prove an address. The first account of an organisation is its administrator. See [hospital-library.md](hospital-library.md#organisations-and-roles).' },
      { name: 'PUBLIC_EMAIL_DOMAINS', type: 'string', default: `\`${DEFAULT_PUBLIC_EMAIL_DOMAINS.join(',')}\``, description: 'Domains of public mail providers, comma-separated: their addresses belong to no organisation. Set, it replaces the default list (empty: none).' },
      { name: 'SMTP_HOST', type: 'string', default: 'unset', description: 'SMTP relay for password-reset e-mails; unset, they are written to `DATA_DIR/outbox` as `.eml` files (a standalone fallback, said in the start-up log).' },
      { name: 'SMTP_PORT', type: 'integer', default: '`587` (`465` with `SMTP_SECURE=true`)', allowed: 'from 1 to 65535', description: 'The relay\'s port.' },
      { name: 'SMTP_SECURE', type: 'enum', default: '`false`', allowed: '`true`, `false`', description: '`true`: TLS from the first byte; otherwise STARTTLS when the relay offers it.' },
      { name: 'SMTP_USER', type: 'string', default: 'unset', description: 'The relay account, with `SMTP_PASSWORD` (both or neither).' },
      { name: 'SMTP_PASSWORD', type: 'string', default: 'unset', description: 'The relay account\'s password, with `SMTP_USER`.' },
      { name: 'SMTP_FROM', type: 'string', default: '`Cairn <no-reply@cairn.local>`', description: 'Sender of the e-mails.' },
      { name: 'SMTP_CA_FILE', type: 'string', default: 'unset', description: 'PEM bundle of the relay\'s CA (TLS or STARTTLS), trusted besides the system roots.' },
      { name: 'OIDC_ISSUER_URL', type: 'URL', default: 'unset', description: 'The federated provider\'s issuer (its `/.well-known/openid-configuration` is read from there); unset: no external sign-in. See [single-sign-on.md](single-sign-on.md).' },
      { name: 'OIDC_CLIENT_ID', type: 'string', default: 'unset', allowed: 'not empty', description: 'The client registered for Cairn; required with `OIDC_ISSUER_URL`.' },
      { name: 'OIDC_CLIENT_SECRET', type: 'string', default: 'unset', allowed: 'not empty', description: 'For a confidential client (`client_secret_basic`); unset, a public client with PKCE alone.' },
      { name: 'OIDC_SCOPES', type: 'string', default: '`openid email profile`', description: 'Scopes asked for.' },
      { name: 'OIDC_REDIRECT_URI', type: 'URL', default: 'unset', description: 'The callback as the provider must see it, e.g. `https://cairn.hospital.org/api/auth/oidc/callback` behind a proxy; unset: from the request.' },
      { name: 'KEYCLOAK_ADMIN_URL', type: 'URL', default: 'unset', description: 'Keycloak\'s base URL; set, accounts also deletes a deleted user from the realm through Keycloak\'s admin API (needs the three below). See [security.md](security.md).' },
      { name: 'KEYCLOAK_ADMIN_REALM', type: 'string', default: 'unset', allowed: 'not empty', description: 'The realm of the users.' },
      { name: 'KEYCLOAK_ADMIN_CLIENT_ID', type: 'string', default: 'unset', allowed: 'not empty', description: 'A confidential client whose service account holds realm-management\'s `manage-users` role.' },
      { name: 'KEYCLOAK_ADMIN_CLIENT_SECRET', type: 'string', default: 'unset', allowed: 'not empty', description: 'That client\'s secret.' },
    ],
  },
  {
    title: 'Standalone server',
    readBy: '`services/standalone/src/frontends.ts`, in the standalone server only',
    variables: [
      { name: 'FRONTENDS_DIR', type: 'string', default: '`frontends`', allowed: 'not empty', description: 'Where the built web apps are.' },
      { name: 'PUBLIC_API_BASE_URL', type: 'string', default: '`/api`', allowed: 'not empty', description: 'The API base the browser uses (runtime config `apiBaseUrl`).' },
      { name: 'AUTH_MODE', type: 'enum', default: '`local`', allowed: '`local`, `oidc`', description: 'The web app\'s sign-in: `local` (the accounts service) or `oidc` (keycloak-js against `AUTH_ISSUER`, needs `AUTH_OIDC_CLIENT_ID`). `OIDC_ISSUER_URL` set offers the accounts service\'s external sign-in too.' },
      { name: 'AUTH_OIDC_CLIENT_ID', type: 'string', default: 'unset', allowed: 'not empty', description: 'The browser app\'s client at the provider, with `AUTH_MODE=oidc`.' },
    ],
  },
  {
    title: 'Tools and tests',
    readBy: 'the named files',
    variables: [
      { name: 'CAIRN_VOCAB_DIR', type: 'string', default: '`../shared/vocab`', description: 'The public vocabularies `npm run vocabulary:compile` reads (`services/search/src/cli/compile-vocabulary.ts`).' },
      { name: 'CAIRN_CRASH_POINT', type: 'string', default: 'unset', description: 'Kills the process with SIGKILL at the named point (`services/shared/platform/src/faults/crash-point.ts`); the crash tests set it, every deployment leaves it unset.' },
    ],
  },
];

const code = (value: unknown) => `\`${String(value)}\``;

/** The schema under `.optional()`, `.default()` and `.transform()`, with the default and description found on the way. */
function unwrap(field: Schema): { base: Schema; default?: unknown; description?: string } {
  let schema = field;
  let description = field.description;
  let fallback: unknown;
  for (;;) {
    const { def } = schema;
    if (def.type === 'default') fallback = def.defaultValue;
    const next = def.type === 'pipe' ? def.in : def.type === 'optional' || def.type === 'default' ? def.innerType : undefined;
    if (!next) return { base: schema, default: fallback, description };
    schema = next;
    description ??= schema.description;
  }
}

function typeOf({ def }: Schema): string {
  if (def.type === 'enum') return 'enum';
  if (def.type === 'number') return def.checks?.some((check) => check._zod.def.format === 'safeint') ? 'integer' : 'number';
  if (def.type === 'string' && def.format === 'url') return 'URL';
  return def.type;
}

function allowedOf({ def }: Schema): string {
  if (def.type === 'enum') return Object.values(def.entries ?? {}).map(code).join(', ');
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const min = checks.find((check) => check.check === 'greater_than');
  const max = checks.find((check) => check.check === 'less_than');
  const parts: string[] = [];
  if (min?.inclusive && max?.inclusive) parts.push(`from ${min.value} to ${max.value}`);
  else {
    if (min) parts.push(min.inclusive ? `at least ${min.value}` : `above ${min.value}`);
    if (max) parts.push(max.inclusive ? `at most ${max.value}` : `below ${max.value}`);
  }
  for (const check of checks) {
    if (check.check === 'min_length') parts.push(check.minimum === 1 ? 'not empty' : `at least ${check.minimum} characters`);
    if (check.check === 'max_length') parts.push(`at most ${check.maximum} characters`);
    if (check.format === 'starts_with') parts.push(`starts with ${code(check.prefix)}`);
    if (check.format === 'regex') parts.push(`matches ${code(check.pattern)}`);
  }
  return parts.join('; ');
}

function defaultOf(name: string, value: unknown): string {
  if (name in PATH_DEFAULTS) return code(PATH_DEFAULTS[name]);
  if (value === undefined) return 'unset';
  if (value === '') return 'empty';
  if (typeof value === 'string' && isAbsolute(value)) {
    throw new Error(`${name}: the default ${value} is a path of this machine; add it to PATH_DEFAULTS`);
  }
  return code(value);
}

export function schemaVariables(schema: { shape: Record<string, unknown> }): Variable[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { base, default: fallback, description } = unwrap(field as Schema);
    if (!description) throw new Error(`${name} has no .describe() text`);
    return { name, type: typeOf(base), default: defaultOf(name, fallback), allowed: allowedOf(base), description };
  });
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(variables: Variable[]): string[] {
  return [
    '| variable | type | default | allowed values | description |',
    '|---|---|---|---|---|',
    ...variables.map((variable) =>
      `| ${code(variable.name)} | ${variable.type} | ${cell(variable.default)} | ${cell(variable.allowed ?? '')} | ${cell(variable.description)} |`,
    ),
  ];
}

export function renderConfigurationDocs(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated by scripts/config-docs.ts from the config schemas: edit the `.describe()` texts there, then run `npm run docs:config`. -->',
    '',
    'Every setting is an environment variable, validated at start; a missing or contradictory setting',
    'stops the process with a message naming the variable (`KAFKA_BROKERS: is required when EVENT_BUS=kafka`).',
    'Defaults select the standalone adapters, so nothing needs setting to run or test. The chart sets these',
    'variables from its values ([charts/cairn/README.md](../charts/cairn/README.md)).',
    '',
    'Sessions, tokens and web hardening: [security.md](security.md). Single sign-on: [single-sign-on.md](single-sign-on.md).',
    'Variables only the tests and benchmarks read: [testing.md](testing.md#variables-the-tests-and-benchmarks-read).',
  ];
  for (const section of SECTIONS) {
    const variables = section.schema ? schemaVariables(section.schema) : (section.variables ?? []);
    lines.push('', `## ${section.title}`, '', `Read by ${section.readBy}.`, '', ...table(variables));
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = resolve(process.argv[2] ?? 'docs/configuration.md');
  writeFileSync(target, renderConfigurationDocs());
  console.log(`wrote ${target}`);
}

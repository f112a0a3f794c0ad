import { z } from 'zod';
import { parseEnv } from '@cairn/platform';

export const DEFAULT_PUBLIC_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'proton.me',
  'protonmail.com',
  'aol.com',
  'gmx.com',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'live.co.uk',
  'me.com',
  'mac.com',
  'msn.com',
  'ymail.com',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'qq.com',
  '163.com',
  'web.de',
  'gmx.de',
];

const domain = (value: string) => value.trim().toLowerCase();

const schema = z.object({
  ORGANISATION_NAMES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const names = new Map<string, string>();
      for (const entry of value.split(';').filter((item) => item.trim())) {
        const [key, ...name] = entry.split('=');
        if (!key.trim() || !name.join('=').trim()) {
          ctx.addIssue({ code: 'custom', message: `"${entry.trim()}" is not domain=name (e.g. ward.org=St Mary's Hospital)` });
          return z.NEVER;
        }
        names.set(domain(key), name.join('=').trim());
      }
      return names;
    }),
  PUBLIC_EMAIL_DOMAINS: z
    .string()
    .optional()
    .transform((value) => new Set((value === undefined ? DEFAULT_PUBLIC_EMAIL_DOMAINS : value.split(',')).map(domain).filter(Boolean))),
});

export interface OrganisationSettings {
  /** Display names of organisations by email domain. */
  names: Map<string, string>;
  /** Domains of public mail providers, whose addresses belong to no organisation. */
  publicDomains: Set<string>;
}

export const ORGANISATION_SETTINGS = Symbol('ORGANISATION_SETTINGS');

export function organisationSettings(env: NodeJS.ProcessEnv): OrganisationSettings {
  const parsed = parseEnv(schema, env);
  return { names: parsed.ORGANISATION_NAMES, publicDomains: parsed.PUBLIC_EMAIL_DOMAINS };
}

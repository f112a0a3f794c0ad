import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@cairn/platform';
import type { Identity } from '../identities/identity.js';
import { Memberships } from './memberships.js';
import { organisationSettings } from './organisation-settings.js';

const identity = (fields: Partial<Identity>): Identity => ({
  id: 'u1',
  email: 'asha@ward.org',
  displayName: 'Asha',
  photoURL: null,
  provider: 'password',
  passwordHash: 'hash',
  disabled: false,
  organisationId: 'ward.org',
  organisationName: null,
  roles: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('organisations of Cairn accounts', () => {
  const memberships = new Memberships(organisationSettings({ ORGANISATION_NAMES: "ward.org=St Mary's Hospital ; Clinic.org = Riverside = East" }));

  it('names an email domain by ORGANISATION_NAMES, and once it lists domains, only those are organisations', () => {
    expect(memberships.organisationOfEmail('asha@ward.org')).toEqual({ id: 'ward.org', name: "St Mary's Hospital" });
    expect(memberships.organisationOfEmail('lee@clinic.org')).toEqual({ id: 'clinic.org', name: 'Riverside = East' });
    expect(memberships.organisationOfEmail('gp@surgery.example')).toBeNull();
  });

  it('makes every domain an organisation named by itself when ORGANISATION_NAMES lists none', () => {
    expect(new Memberships(organisationSettings({})).organisationOfEmail('gp@surgery.example')).toEqual({ id: 'surgery.example', name: 'surgery.example' });
    expect(new Memberships(organisationSettings({})).organisationOfEmail('someone@yahoo.co.uk')).toBeNull();
  });

  it('puts addresses of public mail providers in no organisation, the default list or the configured one', () => {
    expect(memberships.organisationOfEmail('someone@gmail.com')).toBeNull();
    expect(memberships.organisationOfEmail('someone@proton.me')).toBeNull();
    const configured = new Memberships(organisationSettings({ PUBLIC_EMAIL_DOMAINS: 'Mail.example, ' }));
    expect(configured.organisationOfEmail('someone@mail.example')).toBeNull();
    expect(configured.organisationOfEmail('someone@gmail.com')).toEqual({ id: 'gmail.com', name: 'gmail.com' });
  });

  it("gives an account's membership from what it stores, and an account stored before organisations none yet", () => {
    expect(memberships.of(identity({ roles: ['editor'] }))).toEqual({ organisation: { id: 'ward.org', name: "St Mary's Hospital" }, roles: ['editor'] });
    expect(memberships.of(identity({ provider: 'oidc', organisationId: 'st-marys', organisationName: 'St Marys' }))).toEqual({ organisation: { id: 'st-marys', name: 'St Marys' }, roles: [] });
    expect(memberships.of(identity({ organisationId: null, roles: ['administrator'] }))).toEqual({ roles: [] });
    const legacy = identity({}) as Partial<Identity>;
    delete legacy.organisationId;
    delete legacy.roles;
    expect(memberships.of(legacy as Identity)).toEqual({ roles: [] });
  });

  it('refuses an ORGANISATION_NAMES entry that is not domain=name', () => {
    expect(() => organisationSettings({ ORGANISATION_NAMES: 'ward.org' })).toThrow(ConfigError);
    expect(() => organisationSettings({ ORGANISATION_NAMES: 'ward.org=St Marys;=Nameless' })).toThrow(/ORGANISATION_NAMES/);
  });
});

import { Inject, Injectable } from '@nestjs/common';
import type { Membership, Organisation } from '@cairn/platform';
import type { Identity } from '../identities/identity.js';
import { ORGANISATION_SETTINGS, type OrganisationSettings } from './organisation-settings.js';

/** Which organisation an account belongs to, and what it may do there; what access tokens and `GET /auth/me` carry. */
@Injectable()
export class Memberships {
  constructor(@Inject(ORGANISATION_SETTINGS) private readonly settings: OrganisationSettings) {}

  /**
   * A Cairn account's organisation is its email domain, unless that is a public mail provider's; once
   * ORGANISATION_NAMES lists domains, only those (sign-up does not prove an address is the person's).
   */
  organisationOfEmail(email: string): Organisation | null {
    const at = email.lastIndexOf('@');
    const domain = email.slice(at + 1).toLowerCase();
    if (at < 0 || !domain || this.settings.publicDomains.has(domain)) return null;
    if (this.settings.names.size > 0 && !this.settings.names.has(domain)) return null;
    return { id: domain, name: this.nameOf(domain) };
  }

  /** An account stored before organisations has none until its next sign-in or refresh settles it. */
  of(identity: Identity): Membership {
    const id = identity.organisationId;
    if (!id) return { roles: [] };
    return { organisation: { id, name: identity.organisationName ?? this.nameOf(id) }, roles: identity.roles ?? [] };
  }

  private nameOf(domain: string): string {
    return this.settings.names.get(domain) ?? domain;
  }
}

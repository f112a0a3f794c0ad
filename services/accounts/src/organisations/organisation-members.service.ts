import { Injectable } from '@nestjs/common';
import { AppError, conflict, notFound, type OrganisationRole } from '@cairn/platform';
import { IdentitiesRepository } from '../identities/identities.repository.js';
import type { Identity } from '../identities/identity.js';
import { Memberships } from './memberships.js';

export interface Member {
  id: string;
  name: string;
  email: string;
  roles: OrganisationRole[];
}

export const noOrganisation = () => new AppError(403, 'no_organisation', 'Your account does not belong to a hospital.');
export const notAdministrator = () => new AppError(403, 'not_administrator', 'Only your hospital\'s administrator can name editors.');

/** The administrator's view of their organisation: its accounts, and who of them are editors. */
@Injectable()
export class OrganisationMembers {
  constructor(
    private readonly identities: IdentitiesRepository,
    private readonly memberships: Memberships,
  ) {}

  async list(callerId: string): Promise<Member[]> {
    const organisationId = await this.administeredBy(callerId);
    return (await this.identities.inOrganisation(organisationId)).map((identity) => this.member(identity));
  }

  async setEditor(callerId: string, memberId: string, editor: boolean): Promise<Member> {
    const organisationId = await this.administeredBy(callerId);
    const identity = await this.identities.byId(memberId);
    const membership = identity && this.memberships.of(identity);
    if (!identity || membership?.organisation?.id !== organisationId) throw notFound('No such member of your hospital');
    if (identity.provider !== 'password') throw conflict('roles_from_provider', 'This member\'s roles come from your identity provider.');
    if (membership.roles.includes('administrator')) {
      if (!editor) throw conflict('administrator_role', 'The administrator stays an editor; that role cannot be removed.');
      return this.member(identity);
    }
    const updated = await this.identities.update(identity.id, { organisationId, roles: editor ? ['editor'] : [] });
    if (!updated) throw notFound('No such member of your hospital');
    return this.member(updated);
  }

  /**
   * Before an administrator's account is erased: the oldest other account of the organisation becomes
   * its administrator, or, with none left, the next account to sign up founds it again.
   */
  async handOverAdministration(departing: Identity): Promise<void> {
    const organisationId = departing.organisationId;
    if (departing.provider !== 'password' || !organisationId || !departing.roles?.includes('administrator')) return;
    const remaining = (await this.identities.inOrganisation(organisationId)).filter((identity) => identity.id !== departing.id && identity.provider === 'password');
    if (remaining.some((identity) => identity.roles?.includes('administrator'))) return;
    if (remaining.length) await this.identities.update(remaining[0].id, { roles: ['administrator'] });
    else await this.identities.forgetOrganisation(organisationId);
  }

  private async administeredBy(callerId: string): Promise<string> {
    const caller = await this.identities.byId(callerId);
    const membership = caller ? this.memberships.of(caller) : { roles: [] };
    if (!membership.organisation) throw noOrganisation();
    if (!membership.roles.includes('administrator')) throw notAdministrator();
    return membership.organisation.id;
  }

  private member(identity: Identity): Member {
    return { id: identity.id, name: identity.displayName, email: identity.email, roles: this.memberships.of(identity).roles };
  }
}

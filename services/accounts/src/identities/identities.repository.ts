import { Inject, Injectable } from '@nestjs/common';
import { DuplicateDocumentError, write, type Collection, type DocumentStore, type DocumentWrite } from '@cairn/platform';
import { ACCOUNTS_STORE } from '../accounts.tokens.js';
import type { Identity } from './identity.js';

interface EmailClaim {
  id: string;
  uid: string;
}

/** An organisation that has had its first account (keyed by email domain); it holds nothing about anyone. */
interface FoundedOrganisation {
  id: string;
  foundedAt: string;
}

export class EmailTakenError extends Error {}

/** Identities keyed by uid; a separate e-mail collection makes e-mail uniqueness atomic on any store. */
@Injectable()
export class IdentitiesRepository {
  private readonly identities: Collection<Identity>;
  private readonly emails: Collection<EmailClaim>;
  private readonly organisations: Collection<FoundedOrganisation>;

  constructor(@Inject(ACCOUNTS_STORE) private readonly store: DocumentStore) {
    this.identities = store.collection<Identity>('identities', { indexes: [['organisationId']] });
    this.emails = store.collection<EmailClaim>('identity_emails', { indexes: [['uid']] });
    this.organisations = store.collection<FoundedOrganisation>('organisations');
  }

  /** Stores a new identity as it is. */
  async create(identity: Identity): Promise<Identity> {
    await this.commit([write.insert(this.emails, { id: identity.email, uid: identity.id }), write.insert(this.identities, identity)]);
    return identity;
  }

  /**
   * Stores a new account of its `organisationId`: the first one is its administrator. The same commit
   * founds the organisation, so of two first sign-ups at once only one wins.
   */
  async createInOrganisation(identity: Identity): Promise<Identity> {
    if (!identity.organisationId) return this.create(identity);
    const administrator: Identity = { ...identity, roles: ['administrator'] };
    try {
      await this.commit([
        write.insert(this.emails, { id: identity.email, uid: identity.id }),
        write.insert(this.identities, administrator),
        write.insert(this.organisations, { id: identity.organisationId, foundedAt: identity.createdAt }),
      ]);
      return administrator;
    } catch (error) {
      if (!(error instanceof DuplicateDocumentError && error.collection === this.organisations.name)) throw error;
    }
    return this.create({ ...identity, roles: [] });
  }

  /**
   * Gives an account stored before organisations existed the organisation of its email domain, on the same
   * terms as a sign-up: the first such account (or new one) of the organisation is its administrator.
   */
  async settleInOrganisation(identity: Identity, organisationId: string | null): Promise<Identity> {
    const settled = { organisationId, organisationName: null, updatedAt: new Date().toISOString() };
    if (organisationId) {
      try {
        await this.store.commit([
          write.update(this.identities, identity.id, { ...settled, roles: ['administrator'] }),
          write.insert(this.organisations, { id: organisationId, foundedAt: settled.updatedAt }),
        ]);
        return { ...identity, ...settled, roles: ['administrator'] };
      } catch (error) {
        if (!(error instanceof DuplicateDocumentError && error.collection === this.organisations.name)) throw error;
      }
    }
    // Two requests settling the same account at once: the one that lost keeps what the other gave it.
    const current = await this.identities.get(identity.id);
    if (current && current.organisationId === organisationId && organisationId) return current;
    await this.identities.update(identity.id, { ...settled, roles: [] });
    return { ...identity, ...settled, roles: [] };
  }

  async byId(uid: string): Promise<Identity | null> {
    return this.identities.get(uid);
  }

  async byEmail(email: string): Promise<Identity | null> {
    const claim = await this.emails.get(email);
    return claim ? this.identities.get(claim.uid) : null;
  }

  /** The organisation's accounts, oldest first. */
  async inOrganisation(organisationId: string): Promise<Identity[]> {
    return this.identities.find({ where: { organisationId }, sort: [{ field: 'createdAt', direction: 'asc' }] });
  }

  async update(uid: string, patch: Partial<Omit<Identity, 'id' | 'email'>>): Promise<Identity | null> {
    return this.identities.update(uid, { ...patch, updatedAt: new Date().toISOString() });
  }

  async delete(uid: string): Promise<boolean> {
    await this.emails.deleteMany({ uid });
    return this.identities.delete(uid);
  }

  /** The organisation lost its last account: the next one to sign up founds it again. */
  async forgetOrganisation(organisationId: string): Promise<void> {
    await this.organisations.delete(organisationId);
  }

  private async commit(writes: DocumentWrite[]): Promise<void> {
    try {
      await this.store.commit(writes);
    } catch (error) {
      if (error instanceof DuplicateDocumentError && error.collection === this.emails.name) throw new EmailTakenError(error.id);
      throw error;
    }
  }
}

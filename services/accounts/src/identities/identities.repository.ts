import { Inject, Injectable } from '@nestjs/common';
import { DuplicateDocumentError, type Collection, type DocumentStore } from '@cairn/platform';
import { ACCOUNTS_STORE } from '../accounts.tokens.js';
import type { Identity } from './identity.js';

interface EmailClaim {
  id: string;
  uid: string;
}

export class EmailTakenError extends Error {}

/** Identities keyed by uid; a separate e-mail collection makes e-mail uniqueness atomic on any store. */
@Injectable()
export class IdentitiesRepository {
  private readonly identities: Collection<Identity>;
  private readonly emails: Collection<EmailClaim>;

  constructor(@Inject(ACCOUNTS_STORE) store: DocumentStore) {
    this.identities = store.collection<Identity>('identities');
    this.emails = store.collection<EmailClaim>('identity_emails', { indexes: [['uid']] });
  }

  async create(identity: Identity): Promise<void> {
    try {
      await this.emails.insert({ id: identity.email, uid: identity.id });
    } catch (error) {
      if (error instanceof DuplicateDocumentError) throw new EmailTakenError(identity.email);
      throw error;
    }
    await this.identities.insert(identity);
  }

  async byId(uid: string): Promise<Identity | null> {
    return this.identities.get(uid);
  }

  async byEmail(email: string): Promise<Identity | null> {
    const claim = await this.emails.get(email);
    return claim ? this.identities.get(claim.uid) : null;
  }

  async update(uid: string, patch: Partial<Omit<Identity, 'id' | 'email'>>): Promise<Identity | null> {
    return this.identities.update(uid, { ...patch, updatedAt: new Date().toISOString() });
  }

  async delete(uid: string): Promise<boolean> {
    await this.emails.deleteMany({ uid });
    return this.identities.delete(uid);
  }
}

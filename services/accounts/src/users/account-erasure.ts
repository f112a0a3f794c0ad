import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { eraseOnUserDeleted, EVENT_BUS, type DocumentStore, type EventBus } from '@cairn/platform';
import { ACCOUNTS_STORE } from '../accounts.tokens.js';
import { IdentitiesRepository } from '../identities/identities.repository.js';
import { OutboxMailer } from '../password-reset/mailer.js';
import { DIRECTORY, type KeycloakDirectory } from '../directory/keycloak-directory.js';
import { OrganisationMembers } from '../organisations/organisation-members.service.js';

interface OwnedRecord {
  id: string;
  uid: string;
}

/**
 * On `user.deleted`, like every other service: the identity (with its organisation roles), its provider links,
 * sessions, reset tokens, sign-in failure records and outbox mail go; an administrator hands the organisation
 * over first; a directory user goes from Keycloak when KEYCLOAK_ADMIN_URL is set.
 */
@Injectable()
export class AccountErasure implements OnModuleInit {
  constructor(
    @Inject(ACCOUNTS_STORE) private readonly store: DocumentStore,
    private readonly identities: IdentitiesRepository,
    private readonly outbox: OutboxMailer,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(DIRECTORY) private readonly directory: KeycloakDirectory | null,
    private readonly members: OrganisationMembers,
  ) {}

  onModuleInit(): Promise<void> {
    return eraseOnUserDeleted(this.bus, 'accounts.erasure', (uid) => this.erase(uid));
  }

  async erase(uid: string): Promise<void> {
    const identity = await this.identities.byId(uid);
    await this.store.collection<OwnedRecord>('sessions').deleteMany({ uid });
    await this.store.collection<OwnedRecord>('password_reset_tokens').deleteMany({ uid });
    await this.store.collection<OwnedRecord>('identity_links').deleteMany({ uid });
    if (identity) {
      for (const key of [`email:${identity.email}`, `reset-email:${identity.email}`]) await this.store.collection('sign_in_failures').delete(key);
      await this.outbox.forget(identity.email);
      await this.members.handOverAdministration(identity);
    } else {
      await this.directory?.deleteUser(uid);
    }
    await this.identities.delete(uid);
  }
}

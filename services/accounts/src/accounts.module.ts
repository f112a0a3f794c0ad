import { Module } from '@nestjs/common';
import { createLogger, DocumentStores, organisationClaimNames, Outbox, Outboxes, PLATFORM_CONFIG, type PlatformConfig } from '@cairn/platform';
import { ACCOUNTS_STORE } from './accounts.tokens.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { CLOCK, ResetRequestThrottle, SignInThrottle } from './auth/sign-in-throttle.js';
import { IdentitiesRepository } from './identities/identities.repository.js';
import { JwksController } from './keys/jwks.controller.js';
import { SigningKeys } from './keys/signing-keys.js';
import { UsersController } from './users/users.controller.js';
import { AccountDeletion, RECENT_LOGIN_SECONDS } from './users/account-deletion.service.js';
import { AccountErasure } from './users/account-erasure.js';
import { SessionRevocations } from './sessions/session-revocations.js';
import { SessionsService } from './sessions/sessions.service.js';
import { RefreshCookie } from './sessions/refresh-cookie.js';
import { FederationController } from './federation/federation.controller.js';
import { FederationService, OIDC_CLIENT } from './federation/federation.service.js';
import { OidcClient } from './federation/oidc-client.js';
import { OIDC_SETTINGS, oidcSettings, type OidcSettings } from './federation/oidc-settings.js';
import { DIRECTORY, KeycloakDirectory, keycloakDirectorySettings } from './directory/keycloak-directory.js';
import { MAILER, OutboxMailer } from './password-reset/mailer.js';
import { SmtpMailer, smtpSettings } from './password-reset/smtp-mailer.js';
import { PasswordResetController } from './password-reset/password-reset.controller.js';
import { PasswordResetService, PUBLIC_URL } from './password-reset/password-reset.service.js';
import { Memberships } from './organisations/memberships.js';
import { OrganisationController } from './organisations/organisation.controller.js';
import { OrganisationMembers } from './organisations/organisation-members.service.js';
import { ORGANISATION_SETTINGS, organisationSettings } from './organisations/organisation-settings.js';

/** SMTP when `SMTP_HOST` is set; otherwise the file outbox, which only a standalone installation should rely on. */
function chooseMailer(outbox: OutboxMailer) {
  const settings = smtpSettings(process.env);
  const logger = createLogger('accounts');
  if (settings) {
    logger.info({ host: settings.host, port: settings.port, secure: settings.secure }, 'password reset mail goes through SMTP');
    return new SmtpMailer(settings);
  }
  logger.warn({ outbox: outbox.outbox }, 'no SMTP_HOST: password reset mail is written to the outbox folder, not sent');
  return outbox;
}

/** The hospital's Keycloak, when accounts may delete its users (KEYCLOAK_ADMIN_URL); otherwise identities stay with the directory. */
function directoryFromEnv() {
  const settings = keycloakDirectorySettings(process.env);
  return settings ? new KeycloakDirectory(settings) : null;
}

@Module({
  controllers: [AuthController, JwksController, UsersController, PasswordResetController, FederationController, OrganisationController],
  providers: [
    { provide: ACCOUNTS_STORE, useFactory: (stores: DocumentStores) => stores.get('accounts'), inject: [DocumentStores] },
    { provide: Outbox, useFactory: (outboxes: Outboxes) => outboxes.get('accounts'), inject: [Outboxes] },
    { provide: CLOCK, useValue: () => Date.now() },
    IdentitiesRepository,
    { provide: ORGANISATION_SETTINGS, useFactory: () => organisationSettings(process.env) },
    Memberships,
    OrganisationMembers,
    SigningKeys,
    SignInThrottle,
    ResetRequestThrottle,
    SessionRevocations,
    SessionsService,
    RefreshCookie,
    AuthService,
    AccountDeletion,
    AccountErasure,
    { provide: OIDC_SETTINGS, useFactory: () => oidcSettings(process.env) },
    {
      provide: OIDC_CLIENT,
      useFactory: (settings: OidcSettings | null, config: PlatformConfig) => (settings ? new OidcClient(settings, organisationClaimNames(config)) : null),
      inject: [OIDC_SETTINGS, PLATFORM_CONFIG],
    },
    FederationService,
    { provide: DIRECTORY, useFactory: directoryFromEnv },
    { provide: RECENT_LOGIN_SECONDS, useFactory: (config: PlatformConfig) => config.AUTH_RECENT_LOGIN_SECONDS, inject: [PLATFORM_CONFIG] },
    OutboxMailer,
    { provide: MAILER, useFactory: chooseMailer, inject: [OutboxMailer] },
    PasswordResetService,
    { provide: PUBLIC_URL, useFactory: () => process.env.PUBLIC_URL ?? 'http://localhost:8080' },
  ],
})
export class AccountsModule {}

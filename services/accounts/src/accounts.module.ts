import { Module } from '@nestjs/common';
import { DocumentStores } from '@cairn/platform';
import { ACCOUNTS_STORE } from './accounts.tokens.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { CLOCK, SignInThrottle } from './auth/sign-in-throttle.js';
import { IdentitiesRepository } from './identities/identities.repository.js';
import { JwksController } from './keys/jwks.controller.js';
import { SigningKeys } from './keys/signing-keys.js';
import { UsersController } from './users/users.controller.js';
import { OutboxMailer } from './password-reset/mailer.js';
import { PasswordResetController } from './password-reset/password-reset.controller.js';
import { PasswordResetService, PUBLIC_URL } from './password-reset/password-reset.service.js';

@Module({
  controllers: [AuthController, JwksController, UsersController, PasswordResetController],
  providers: [
    { provide: ACCOUNTS_STORE, useFactory: (stores: DocumentStores) => stores.get('accounts'), inject: [DocumentStores] },
    { provide: CLOCK, useValue: () => Date.now() },
    IdentitiesRepository,
    SigningKeys,
    SignInThrottle,
    AuthService,
    OutboxMailer,
    PasswordResetService,
    { provide: PUBLIC_URL, useFactory: () => process.env.PUBLIC_URL ?? 'http://localhost:8080' },
  ],
})
export class AccountsModule {}

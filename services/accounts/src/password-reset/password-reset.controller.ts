import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Public, tooManyRequests, ZodPipe } from '@cairn/platform';
import { AuthMessages } from '@cairn/rules';
import { ResetRequestThrottle } from '../auth/sign-in-throttle.js';
import { normaliseEmail } from '../identities/identity.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { PasswordResetService } from './password-reset.service.js';

const requestBody = z.object({ email: z.string().max(1000).optional() });
const confirmBody = z.object({ token: z.string().max(200).optional(), password: z.string().max(1000).optional() });

@Public()
@Controller('auth/password-reset')
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly throttle: ResetRequestThrottle,
    private readonly sessions: SessionsService,
  ) {}

  @Post()
  @HttpCode(200)
  async request(@Body(new ZodPipe(requestBody)) body: z.infer<typeof requestBody>, @Req() request: FastifyRequest) {
    const email = normaliseEmail(body.email ?? '');
    if (await this.throttle.isLocked(email, request.ip)) throw tooManyRequests('too_many_attempts', AuthMessages.tooManyAttempts);
    await this.throttle.recordFailure(email, request.ip);
    return this.resets.request(body.email);
  }

  /** A new password ends every session of the account, wherever it was signed in. */
  @Post('confirm')
  @HttpCode(200)
  async confirm(@Body(new ZodPipe(confirmBody)) body: z.infer<typeof confirmBody>) {
    await this.sessions.endAll(await this.resets.confirm(body.token, body.password));
    return { success: true };
  }
}

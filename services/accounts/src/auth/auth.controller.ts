import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Topics } from '@cairn/contracts';
import { CurrentUser, EndedSessions, EVENT_BUS, Public, ZodPipe, type AuthenticatedUser, type EventBus } from '@cairn/platform';
import { AuthService } from './auth.service.js';

const optionalText = z.string().max(1000, 'is too long').optional();
const signUpBody = z.object({ email: optionalText, password: optionalText, displayName: optionalText });
const signInBody = z.object({ email: optionalText, password: optionalText });
const renameBody = z.object({
  displayName: z.string({ error: 'displayName is required' }).trim().min(1, 'displayName is required').max(120),
});

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly endedSessions: EndedSessions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  @Public()
  @Post('signup')
  @HttpCode(201)
  signUp(@Body(new ZodPipe(signUpBody)) body: z.infer<typeof signUpBody>) {
    return this.auth.signUp(body);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  signIn(@Body(new ZodPipe(signInBody)) body: z.infer<typeof signInBody>, @Req() request: FastifyRequest) {
    return this.auth.signIn(body, request.ip);
  }

  /** Ends this session: its token is refused from now on, here at once and by every service once it hears `user.signed-out`. */
  @Post('logout')
  @HttpCode(200)
  async signOut(@CurrentUser() user: AuthenticatedUser) {
    if (user.sessionId) {
      await this.endedSessions.endSession(user.sessionId);
      await this.bus.publish(Topics.userSignedOut, { userId: user.uid, sessionId: user.sessionId }, { id: `user.signed-out:${user.sessionId}`, key: user.uid });
    }
    return { success: true };
  }

  @Get('me')
  async me(@CurrentUser() user: AuthenticatedUser) {
    return { user: await this.auth.me(user.uid) };
  }

  @Put('me')
  async rename(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(renameBody)) body: z.infer<typeof renameBody>) {
    return { user: await this.auth.rename(user.uid, body.displayName) };
  }
}

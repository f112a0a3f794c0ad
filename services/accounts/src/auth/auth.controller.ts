import { Body, Controller, Get, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CurrentUser, Public, ZodPipe, type AuthenticatedUser } from '@cairn/platform';
import { RefreshCookie } from '../sessions/refresh-cookie.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AuthService } from './auth.service.js';

const optionalText = z.string().max(1000, 'is too long').optional();
const signUpBody = z.object({ email: optionalText, password: optionalText, displayName: optionalText });
const signInBody = z.object({ email: optionalText, password: optionalText });
const reauthenticateBody = z.object({ password: optionalText });
const renameBody = z.object({
  displayName: z.string({ error: 'displayName is required' }).trim().min(1, 'displayName is required').max(120),
});

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Public()
  @Post('signup')
  @HttpCode(201)
  async signUp(@Body(new ZodPipe(signUpBody)) body: z.infer<typeof signUpBody>, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.cookie.handOver(request, reply, await this.auth.signUp(body));
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  async signIn(@Body(new ZodPipe(signInBody)) body: z.infer<typeof signInBody>, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.cookie.handOver(request, reply, await this.auth.signIn(body, request.ip));
  }

  /** A new access token for the session in the refresh cookie, which is rotated; a reused one ends the session. */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      return this.cookie.handOver(request, reply, await this.sessions.refresh(this.cookie.read(request)));
    } catch (error) {
      this.cookie.clear(request, reply);
      throw error;
    }
  }

  @Post('reauthenticate')
  @HttpCode(200)
  reauthenticate(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(reauthenticateBody)) body: z.infer<typeof reauthenticateBody>, @Req() request: FastifyRequest) {
    return this.auth.reauthenticate(user.uid, user.sessionId, body.password, request.ip);
  }

  /** Ends this session: its refresh token is gone and its access tokens are refused by every service. */
  @Post('logout')
  @HttpCode(200)
  async signOut(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    if (user.sessionId) await this.sessions.end(user.uid, user.sessionId);
    this.cookie.clear(request, reply);
    return { success: true };
  }

  /** The account, with its organisation (null when none) and its roles there. */
  @Get('me')
  me(@CurrentUser() user: AuthenticatedUser) {
    return this.auth.me(user.uid);
  }

  @Put('me')
  async rename(@CurrentUser() user: AuthenticatedUser, @Body(new ZodPipe(renameBody)) body: z.infer<typeof renameBody>) {
    return { user: await this.auth.rename(user.uid, body.displayName) };
  }
}

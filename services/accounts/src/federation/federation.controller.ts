import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Public } from '@cairn/platform';
import { RefreshCookie } from '../sessions/refresh-cookie.js';
import { FederationError, FederationService } from './federation.service.js';
import { OIDC_SETTINGS, type OidcSettings } from './oidc-settings.js';

/** The popup's last page: hands the outcome to the window that opened it (same origin only) and closes. */
function popupPage(message: unknown): { html: string; policy: string } {
  const nonce = randomBytes(16).toString('base64');
  const data = JSON.stringify(message).replace(/</g, '\\u003c');
  const script = `const m=JSON.parse(document.getElementById('outcome').textContent);if(window.opener){window.opener.postMessage(m,location.origin);setTimeout(function(){window.close();},300);}else if(m.result){location.replace('/dashboard');}else{document.getElementById('text').textContent='Sign-in did not complete. Close this window and try again.';}`;
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cairn sign-in</title></head><body><p id="text">Signing in…</p><script type="application/json" id="outcome">${data}</script><script nonce="${nonce}">${script}</script></body></html>`,
    policy: `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`,
  };
}

function redirectUri(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  const path = request.url.split('?')[0].replace(/\/start$/, '/callback');
  return `${request.protocol}://${request.host}${path}`;
}

@Public()
@Controller('auth/oidc')
export class FederationController {
  constructor(
    private readonly federation: FederationService,
    @Inject(OIDC_SETTINGS) private readonly settings: OidcSettings | null,
    private readonly cookie: RefreshCookie,
  ) {}

  /** Opened in the popup: on to the provider's sign-in page (`prompt=login` asks it to sign in again, for re-authentication). */
  @Get('start')
  async start(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query('prompt') prompt?: string) {
    try {
      const url = await this.federation.start(redirectUri(request, this.settings?.redirectUri), prompt === 'login' ? 'login' : undefined);
      return reply.redirect(url, 302);
    } catch (error) {
      return this.answer(reply, { source: 'cairn-auth', error: describe(error) });
    }
  }

  @Get('callback')
  async callback(@Query() query: Record<string, string>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    try {
      const result = this.cookie.handOver(request, reply, await this.federation.finish(query));
      return this.answer(reply, { source: 'cairn-auth', result });
    } catch (error) {
      return this.answer(reply, { source: 'cairn-auth', error: describe(error) });
    }
  }

  private answer(reply: FastifyReply, message: unknown) {
    const page = popupPage(message);
    return reply.header('Content-Security-Policy', page.policy).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page.html);
  }
}

function describe(error: unknown): { category: string; message: string } {
  if (error instanceof FederationError) return { category: error.category, message: error.message };
  return { category: 'unknown', message: 'Sign-in through the identity provider failed' };
}

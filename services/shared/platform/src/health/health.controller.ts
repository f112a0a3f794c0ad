import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { Metrics } from '../metrics/metrics.js';
import { HealthRegistry } from './health.registry.js';

@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly registry: HealthRegistry,
    private readonly metrics: Metrics,
  ) {}

  @Get('healthz')
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const { ready, status, checks } = await this.registry.run();
    for (const [check, result] of Object.entries(checks)) this.metrics.readinessCheckUp.set({ check }, result === 'ok' ? 1 : 0);
    reply.status(ready ? 200 : 503);
    return { status, checks };
  }

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  async scrape(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('Content-Type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}

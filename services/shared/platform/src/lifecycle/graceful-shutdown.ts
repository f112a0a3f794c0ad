import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import type { PlatformConfig } from '../config/platform-config.js';
import { EVENT_BUS, type EventBus } from '../events/event-bus.port.js';
import { Outboxes } from '../events/outbox.js';
import { HealthRegistry } from '../health/health.registry.js';
import { PLATFORM_CONFIG } from '../platform.tokens.js';

/**
 * SIGTERM (after the chart's preStop delay): readiness says shutting-down, the HTTP server answers the
 * requests it has (which may still publish or await replies over the bus), then the outbox relay and
 * the consumers stop. Only then do modules close their own clients and the platform its stores.
 * Requests still running after SHUTDOWN_DRAIN_MS lose their connections.
 */
@Injectable()
export class GracefulShutdown implements BeforeApplicationShutdown {
  constructor(
    private readonly health: HealthRegistry,
    private readonly adapterHost: HttpAdapterHost,
    private readonly outboxes: Outboxes,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async beforeApplicationShutdown(): Promise<void> {
    this.health.markShuttingDown();
    await this.drainRequests();
    await this.outboxes.stopAll();
    await this.bus.close();
  }

  private async drainRequests(): Promise<void> {
    const adapter = this.adapterHost.httpAdapter;
    if (!adapter) return;
    const server = adapter.getHttpServer() as Server | undefined;
    const cutOff = setTimeout(() => server?.closeAllConnections(), this.config.SHUTDOWN_DRAIN_MS);
    try {
      await adapter.close();
    } finally {
      clearTimeout(cutOff);
    }
  }
}

import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

export type ReadinessStatus = 'ok' | 'degraded' | 'starting' | 'shutting-down';

export interface ReadinessReport {
  ready: boolean;
  status: ReadinessStatus;
  checks: Record<string, string>;
}

/**
 * Readiness checks registered by the adapters a process uses (stores, bus, indexes). A process is
 * ready once every check has passed; a backend failing later leaves it ready but `degraded`, because
 * every replica shares that backend and taking them all out of the Service helps no one. It stops
 * being ready when it starts shutting down.
 */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly passed = new Set<string>();
  private shuttingDown = false;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async run(timeoutMs = 2000): Promise<ReadinessReport> {
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check(), timeoutMs);
          this.passed.add(name);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, `failing: ${(error as Error).message}`] as const;
        }
      }),
    );
    const started = results.every(([name]) => this.passed.has(name));
    const degraded = results.some(([, status]) => status !== 'ok');
    const status: ReadinessStatus = this.shuttingDown ? 'shutting-down' : !started ? 'starting' : degraded ? 'degraded' : 'ok';
    return { ready: status === 'ok' || status === 'degraded', status, checks: Object.fromEntries(results) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

/** Readiness checks registered by the adapters a process uses (stores, bus, indexes). */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async run(timeoutMs = 2000): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check(), timeoutMs);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, `failing: ${(error as Error).message}`] as const;
        }
      }),
    );
    return { ready: results.every(([, status]) => status === 'ok'), checks: Object.fromEntries(results) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

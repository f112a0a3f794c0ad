import { Inject, Injectable } from '@nestjs/common';
import type { Collection, DocumentStore } from '@cairn/platform';
import { ACCOUNTS_STORE } from '../accounts.tokens.js';

interface FailureWindow {
  id: string;
  count: number;
  firstAt: number;
  lockedUntil: number;
}

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const SIGN_IN_RULES: Record<'email' | 'ip', ThrottleRule> = {
  email: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  ip: { maxFailures: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
};

export const CLOCK = Symbol('CLOCK');
export type Clock = () => number;

/** Counts failed sign-ins per e-mail and per client address; too many lock that key for a while. */
@Injectable()
export class SignInThrottle {
  private readonly failures: Collection<FailureWindow>;

  constructor(
    @Inject(ACCOUNTS_STORE) store: DocumentStore,
    @Inject(CLOCK) private readonly now: Clock,
  ) {
    this.failures = store.collection<FailureWindow>('sign_in_failures');
  }

  private keys(email: string, ip: string): [string, ThrottleRule][] {
    return [
      [`email:${email}`, SIGN_IN_RULES.email],
      [`ip:${ip}`, SIGN_IN_RULES.ip],
    ];
  }

  async isLocked(email: string, ip: string): Promise<boolean> {
    for (const [key] of this.keys(email, ip)) {
      const window = await this.failures.get(key);
      if (window && window.lockedUntil > this.now()) return true;
    }
    return false;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = this.now();
    for (const [key, rule] of this.keys(email, ip)) {
      const window = await this.failures.get(key);
      const fresh = !window || now - window.firstAt > rule.windowMs || (window.lockedUntil && window.lockedUntil <= now);
      const count = fresh ? 1 : window.count + 1;
      await this.failures.put({
        id: key,
        count,
        firstAt: fresh ? now : window.firstAt,
        lockedUntil: count >= rule.maxFailures ? now + rule.lockMs : 0,
      });
    }
  }

  async recordSuccess(email: string): Promise<void> {
    await this.failures.delete(`email:${email}`);
  }
}

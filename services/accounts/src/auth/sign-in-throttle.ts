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

/** Reset e-mails: three an hour to one address, twenty an hour from one client address. */
export const RESET_REQUEST_RULES: Record<'email' | 'ip', ThrottleRule> = {
  email: { maxFailures: 3, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
  ip: { maxFailures: 20, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
};

export const CLOCK = Symbol('CLOCK');
export type Clock = () => number;

/** Counts attempts per e-mail and per client address; too many lock that key for a while. */
class AttemptThrottle {
  private readonly failures: Collection<FailureWindow>;

  constructor(
    store: DocumentStore,
    private readonly now: Clock,
    private readonly prefix: string,
    private readonly rules: Record<'email' | 'ip', ThrottleRule>,
  ) {
    this.failures = store.collection<FailureWindow>('sign_in_failures');
  }

  private keys(email: string, ip: string): [string, ThrottleRule][] {
    return [
      [`${this.prefix}email:${email}`, this.rules.email],
      [`${this.prefix}ip:${ip}`, this.rules.ip],
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
    await this.failures.delete(`${this.prefix}email:${email}`);
  }
}

/** Failed sign-ins and re-authentications. */
@Injectable()
export class SignInThrottle extends AttemptThrottle {
  constructor(@Inject(ACCOUNTS_STORE) store: DocumentStore, @Inject(CLOCK) now: Clock) {
    super(store, now, '', SIGN_IN_RULES);
  }
}

/** Password-reset requests, each one counted, so nobody mails an inbox full or walks the address book. */
@Injectable()
export class ResetRequestThrottle extends AttemptThrottle {
  constructor(@Inject(ACCOUNTS_STORE) store: DocumentStore, @Inject(CLOCK) now: Clock) {
    super(store, now, 'reset-', RESET_REQUEST_RULES);
  }
}

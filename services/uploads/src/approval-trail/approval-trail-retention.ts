import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger } from '@cairn/platform';
import { UPLOADS_CONFIG, type UploadsConfig } from '../uploads-config.js';
import { ApprovalTrailRepository } from './approval-trail.repository.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The time before which entries have outlived a retention of `days`. */
export const retentionCutoff = (days: number, now = Date.now()) => new Date(now - days * DAY_MS).toISOString();

/** Removes the trail's entries older than APPROVAL_TRAIL_RETENTION_DAYS at start-up and every day after. */
@Injectable()
export class ApprovalTrailRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = createLogger('approval-trail');
  private timer: NodeJS.Timeout | undefined;
  private purging: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly entries: ApprovalTrailRepository,
    @Inject(UPLOADS_CONFIG) private readonly config: UploadsConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.purge();
    this.timer = setInterval(() => void this.purge(), DAY_MS).unref();
  }

  /** Stops the daily purge and lets a running one finish before the store closes. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.purging;
  }

  purge(now = Date.now()): Promise<number> {
    this.purging = this.entries.purgeExpired(retentionCutoff(this.config.APPROVAL_TRAIL_RETENTION_DAYS, now)).catch((error: unknown) => {
      this.log.warn({ err: error }, 'expired approval trail entries stay until the next daily purge');
      return 0;
    });
    return this.purging;
  }
}

import { Injectable } from '@nestjs/common';
import type { JobRun } from './job-run.js';

/**
 * This process's work on upload jobs: the run extracting each job here, and the jobs whose
 * generation answer it waits for (kept alive by the sweeper until the answer comes).
 */
@Injectable()
export class JobRuns {
  private readonly runs = new Map<string, JobRun>();
  private readonly awaiting = new Set<string>();

  add(run: JobRun): void {
    this.runs.set(run.uploadId, run);
  }

  /** The work of `epoch` ended; a run of a later epoch stays. */
  ended(uploadId: string, epoch: number): void {
    if (this.runs.get(uploadId)?.epoch === epoch) this.runs.delete(uploadId);
  }

  /** Stops the job's run here at the next file. */
  interrupt(uploadId: string): void {
    this.runs.get(uploadId)?.stop();
  }

  /** Stops all of this process's work on the job: its run, and its wait for generation's answer. */
  stop(uploadId: string): void {
    this.interrupt(uploadId);
    this.awaiting.delete(uploadId);
  }

  stopAll(): void {
    for (const run of this.runs.values()) run.stop();
    this.awaiting.clear();
  }

  awaitAnswer(uploadId: string): void {
    this.awaiting.add(uploadId);
  }

  /** The answer to a generation request arrived: the job no longer waits on this process. */
  answered(uploadId: string): void {
    this.awaiting.delete(uploadId);
  }

  awaited(): Iterable<string> {
    return this.awaiting;
  }

  /** True while this process runs the job or waits for its answer: the sweeper leaves it alone. */
  busyWith(uploadId: string): boolean {
    return this.runs.has(uploadId) || this.awaiting.has(uploadId);
  }
}

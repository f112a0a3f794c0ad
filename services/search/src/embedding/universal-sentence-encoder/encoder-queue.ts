/**
 * Runs one model call at a time, queries before document batches: a query waits at most for the batch
 * already running, never for a backlog of documents being embedded in the background.
 */
export class EncoderQueue {
  private readonly urgent: (() => Promise<void>)[] = [];
  private readonly background: (() => Promise<void>)[] = [];
  private running = false;

  run<T>(urgent: boolean, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (urgent ? this.urgent : this.background).push(() => work().then(resolve, reject));
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.next(); next; next = this.next()) await next();
    } finally {
      this.running = false;
    }
  }

  private next(): (() => Promise<void>) | undefined {
    return this.urgent.shift() ?? this.background.shift();
  }
}

/** A one-line progress bar on a TTY; one line per step elsewhere (CI logs). */
export class ProgressBar {
  private readonly started = Date.now();

  constructor(
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly width = 28,
  ) {}

  update(done: number, total: number, detail: string): void {
    const ratio = total === 0 ? 1 : done / total;
    const elapsed = (Date.now() - this.started) / 1000;
    const eta = done > 0 && done < total ? ` · eta ${Math.ceil((elapsed / done) * (total - done))}s` : '';
    const filled = Math.round(ratio * this.width);
    const bar = `[${'█'.repeat(filled)}${'░'.repeat(this.width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done}/${total} ${detail}${eta}`;
    if (this.stream.isTTY) {
      this.stream.write(`\r${bar.slice(0, (this.stream.columns ?? 120) - 1).padEnd((this.stream.columns ?? 120) - 1)}`);
      if (done === total) this.stream.write('\n');
    } else {
      this.stream.write(`${bar}\n`);
    }
  }
}

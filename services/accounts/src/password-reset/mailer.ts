import { Inject, Injectable } from '@nestjs/common';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger, PLATFORM_CONFIG, type PlatformConfig } from '@cairn/platform';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the accounts service's e-mail (password reset links); resolves with where the mail went. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<string>;
}

export const MAILER = Symbol('MAILER');

/**
 * The standalone default without SMTP settings: messages are written as .eml files to
 * `DATA_DIR/outbox` (and logged), for a mail relay to pick up or a developer to open.
 */
@Injectable()
export class OutboxMailer implements Mailer {
  private readonly logger = createLogger('outbox-mailer');

  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  get outbox(): string {
    return join(this.config.DATA_DIR, 'outbox');
  }

  async send(mail: OutgoingMail): Promise<string> {
    await mkdir(this.outbox, { recursive: true });
    const file = join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${fileSafe(mail.to)}.eml`);
    const message = [`To: ${mail.to}`, `Subject: ${mail.subject}`, 'Content-Type: text/plain; charset=utf-8', '', mail.text, ''].join('\r\n');
    await writeFile(file, message, { mode: 0o600 });
    this.logger.info({ file }, 'mail written to the outbox');
    return file;
  }

  /** Removes every message to `address` (a deleted account's mail). */
  async forget(address: string): Promise<void> {
    const suffix = `-${fileSafe(address)}.eml`;
    const names = await readdir(this.outbox).catch(() => [] as string[]);
    await Promise.all(names.filter((name) => name.endsWith(suffix)).map((name) => rm(join(this.outbox, name), { force: true })));
  }
}

const fileSafe = (address: string) => address.replace(/[^a-z0-9@._-]/gi, '_');

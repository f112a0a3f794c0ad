import { Inject, Injectable } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
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
    const file = join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
    const message = [`To: ${mail.to}`, `Subject: ${mail.subject}`, 'Content-Type: text/plain; charset=utf-8', '', mail.text, ''].join('\r\n');
    await writeFile(file, message, { mode: 0o600 });
    this.logger.info({ to: mail.to, file }, 'mail written to the outbox');
    return file;
  }
}

import { createTransport, type Transporter } from 'nodemailer';
import { createLogger } from '@cairn/platform';
import type { Mailer, OutgoingMail } from './mailer.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

/** Reads `SMTP_HOST`, `SMTP_PORT`, `SMTP_SECURE`, `SMTP_USER`, `SMTP_PASSWORD` and `SMTP_FROM`; null without a host. */
export function smtpSettings(env: NodeJS.ProcessEnv): SmtpSettings | null {
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  const secure = env.SMTP_SECURE === 'true';
  const port = Number(env.SMTP_PORT ?? (secure ? 465 : 587));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT must be a port number, not '${env.SMTP_PORT}'`);
  if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASSWORD)) throw new Error('SMTP_USER and SMTP_PASSWORD are set together or not at all');
  return { host, port, secure, user: env.SMTP_USER, password: env.SMTP_PASSWORD, from: env.SMTP_FROM ?? 'Cairn <no-reply@cairn.local>' };
}

/** Mail through an SMTP relay (the hospital's, or a provider's), with nodemailer. */
export class SmtpMailer implements Mailer {
  private readonly logger = createLogger('smtp-mailer');
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    });
  }

  async send(mail: OutgoingMail): Promise<string> {
    const sent = await this.transport.sendMail({ from: this.settings.from, to: mail.to, subject: mail.subject, text: mail.text });
    this.logger.info({ messageId: sent.messageId }, 'mail handed to the SMTP relay');
    return sent.messageId;
  }
}

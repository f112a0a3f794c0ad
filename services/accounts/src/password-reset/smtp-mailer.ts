import { createTransport, type Transporter } from 'nodemailer';
import { rootCertificates } from 'node:tls';
import { createLogger, readCaBundle } from '@cairn/platform';
import type { Mailer, OutgoingMail } from './mailer.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** Certificates the relay's is checked against besides the system roots (SMTP_CA_FILE). */
  ca?: string[];
}

/** Reads `SMTP_HOST`, `SMTP_PORT`, `SMTP_SECURE`, `SMTP_USER`, `SMTP_PASSWORD`, `SMTP_FROM` and `SMTP_CA_FILE`; null without a host. */
export function smtpSettings(env: NodeJS.ProcessEnv): SmtpSettings | null {
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  const secure = env.SMTP_SECURE === 'true';
  const port = Number(env.SMTP_PORT ?? (secure ? 465 : 587));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT must be a port number, not '${env.SMTP_PORT}'`);
  if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASSWORD)) throw new Error('SMTP_USER and SMTP_PASSWORD are set together or not at all');
  const ca = readCaBundle('SMTP_CA_FILE', env.SMTP_CA_FILE);
  return { host, port, secure, user: env.SMTP_USER, password: env.SMTP_PASSWORD, from: env.SMTP_FROM ?? 'Cairn <no-reply@cairn.local>', ...(ca && { ca }) };
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
      tls: settings.ca ? { ca: [...rootCertificates, ...settings.ca] } : undefined,
    });
  }

  async send(mail: OutgoingMail): Promise<string> {
    const sent = await this.transport.sendMail({ from: this.settings.from, to: mail.to, subject: mail.subject, text: mail.text });
    this.logger.info({ messageId: sent.messageId }, 'mail handed to the SMTP relay');
    return sent.messageId;
  }
}

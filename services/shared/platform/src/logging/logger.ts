import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

let root: Logger | undefined;

/** The process-wide pino logger; LOG_LEVEL sets its level (default info). */
export function rootLogger(): Logger {
  root ??= pino({
    level: process.env.LOG_LEVEL ?? 'info',
    base: { app: 'cairn' },
    redact: { paths: ['req.headers.authorization', 'password', '*.password'], remove: true },
  });
  return root;
}

export function createLogger(name: string): Logger {
  return rootLogger().child({ name });
}

import type { LoggerService } from '@nestjs/common';
import { createLogger, type Logger } from './logger.js';

/** Routes Nest's own log lines through pino. */
export class PinoNestLogger implements LoggerService {
  private readonly logger: Logger = createLogger('nest');

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { maskSecrets } from './log-mask';

/**
 * The application's logger: Nest's console logger with every line passed through `maskSecrets`, so
 * no email address, URL credentials or sign-in token reaches the logs, whatever a message or an
 * error from a library (database, Redis, SMTP) holds.
 */
export class MaskingLogger extends ConsoleLogger {
  constructor(levels: LogLevel[]) {
    super({ logLevels: levels });
  }

  protected override formatMessage(
    logLevel: LogLevel,
    message: unknown,
    pidMessage: string,
    formattedLogLevel: string,
    contextMessage: string,
    timestampDiff: string,
  ): string {
    return maskSecrets(super.formatMessage(logLevel, message, pidMessage, formattedLogLevel, contextMessage, timestampDiff));
  }

  protected override printStackTrace(stack: string): void {
    super.printStackTrace(stack ? maskSecrets(stack) : stack);
  }
}

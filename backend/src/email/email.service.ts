import fs from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger, Optional, ServiceUnavailableException } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { MailerService } from '@nestjs-modules/mailer';
import nodemailer from 'nodemailer';
import { maskEmail } from '../logging/log-mask';
import { AppConfig } from '../config/app-config';
import { EmailRepository } from './email.repository';
import { PRIVATE_FILE_MODE, privateDir } from '../storage/private-files';

/** Hours a mailed sign-in link stays readable in the outbox (table and `.eml` file). */
export const SIGN_IN_MAIL_RETENTION_HOURS = 24;
/** A mail's file while it is written (renamed to `.eml` once whole). */
const PARTIAL_SUFFIX = '.part';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends mail through SMTP (@nestjs-modules/mailer) when SMTP_URL is set; otherwise keeps it in the
 * outbox: a database row and an RFC 822 `.eml` file under DATA_DIR/outbox. Every message is recorded.
 */
@Injectable()
export class EmailService {
  private readonly logger = new Logger(EmailService.name);
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly config: AppConfig,
    private readonly repo: EmailRepository,
    @Optional() private readonly mailer?: MailerService,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const message = { from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
    if (this.config.smtpUrl && this.mailer) {
      try {
        await this.mailer.sendMail(message);
      } catch (err) {
        this.logger.error(`SMTP delivery to ${maskEmail(mail.to)} failed: ${(err as Error).message}`);
        await this.repo.insert({ ...mail, html: mail.html ?? null, status: 'failed', emlPath: null, error: (err as Error).message });
        throw new ServiceUnavailableException('Failed to send email. Please try again.');
      }
      await this.repo.insert({ ...mail, html: mail.html ?? null, status: 'sent', emlPath: null });
      return;
    }
    const info = await this.composer.sendMail(message);
    await privateDir(this.config.outboxDir);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const emlPath = path.join(this.config.outboxDir, `${stamp}-${info.messageId.replace(/[^A-Za-z0-9.-]/g, '')}.eml`);
    // Written under a name no reader lists, then renamed: whoever watches the outbox for `.eml` files
    // (support staff, a mail pickup, the tests) never reads a message half written.
    const partial = `${emlPath}${PARTIAL_SUFFIX}`;
    await fs.writeFile(partial, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    await fs.rename(partial, emlPath);
    await this.repo.insert({ ...mail, html: mail.html ?? null, status: 'stored', emlPath });
    this.logger.log(`mail to ${maskEmail(mail.to)} stored in the outbox: ${emlPath}`);
  }

  /**
   * Retention: sign-in links (single use, 15 minutes) are kept in the outbox for 24 hours at most;
   * after that the token is cut out of the stored mail and the `.eml` file is deleted.
   */
  @Cron(CronExpression.EVERY_HOUR)
  async purgeSignInLinks(): Promise<void> {
    const files = await this.repo.redactSignInLinks(SIGN_IN_MAIL_RETENTION_HOURS);
    for (const file of files) await this.remove(file);
    if (files.length) this.logger.log(`${files.length} sign-in mail(s) older than ${SIGN_IN_MAIL_RETENTION_HOURS} h purged`);
    await this.removeUnfinishedMails();
  }

  /**
   * A `.part` file is a mail whose writing stopped (the process died between write and rename): no row
   * names it and it may hold a sign-in link, so it goes once it is older than the retention.
   */
  private async removeUnfinishedMails(): Promise<void> {
    const dir = this.config.outboxDir;
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const before = Date.now() - SIGN_IN_MAIL_RETENTION_HOURS * 3_600_000;
    for (const name of names.filter((n) => n.endsWith(PARTIAL_SUFFIX))) {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs < before) await this.remove(file);
    }
  }

  /** Deletes an outbox file; a failure is logged (the next purge tries again), never thrown. */
  private async remove(file: string): Promise<void> {
    await fs.rm(file, { force: true }).catch((err: Error) => this.logger.warn(`could not delete ${file}: ${err.message}`));
  }
}

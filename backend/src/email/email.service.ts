import fs from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger, Optional, ServiceUnavailableException } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import nodemailer from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { EmailRepository } from './email.repository';

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
        this.logger.error(`SMTP delivery to ${mail.to} failed: ${(err as Error).message}`);
        await this.repo.insert({ ...mail, html: mail.html ?? null, status: 'failed', emlPath: null, error: (err as Error).message });
        throw new ServiceUnavailableException('Failed to send email. Please try again.');
      }
      await this.repo.insert({ ...mail, html: mail.html ?? null, status: 'sent', emlPath: null });
      return;
    }
    const info = await this.composer.sendMail(message);
    await fs.mkdir(this.config.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const emlPath = path.join(this.config.outboxDir, `${stamp}-${info.messageId.replace(/[^A-Za-z0-9.-]/g, '')}.eml`);
    await fs.writeFile(emlPath, info.message as Buffer);
    await this.repo.insert({ ...mail, html: mail.html ?? null, status: 'stored', emlPath });
    this.logger.log(`mail to ${mail.to} stored in the outbox: ${emlPath}`);
  }
}

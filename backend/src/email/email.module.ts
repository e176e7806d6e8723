import { DynamicModule, Module } from '@nestjs/common';
import { MailerModule } from '@nestjs-modules/mailer';
import { AppConfig } from '../config/app-config';
import { EmailRepository } from './email.repository';
import { EmailService } from './email.service';

@Module({})
export class EmailModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: EmailModule,
      global: true,
      imports: config.smtpUrl
        ? [
            MailerModule.forRoot({
              // Bounded waits: a mail server that does not answer fails the send instead of holding a request for minutes.
              transport: { url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
              defaults: { from: config.mailFrom } as never,
            }),
          ]
        : [],
      providers: [EmailRepository, EmailService],
      exports: [EmailService, EmailRepository],
    };
  }
}

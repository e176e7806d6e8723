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
        ? [MailerModule.forRoot({ transport: config.smtpUrl, defaults: { from: config.mailFrom } as never })]
        : [],
      providers: [EmailRepository, EmailService],
      exports: [EmailService, EmailRepository],
    };
  }
}

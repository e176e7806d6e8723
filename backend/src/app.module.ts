import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import { ActivityModule } from './activity/activity.module';
import { AdminModule } from './admin/admin.module';
import { AiModule } from './ai/ai.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { ChatModule } from './chat/chat.module';
import { ConferenceModule } from './conference/conference.module';
import { OriginCheckMiddleware } from './http/origin.middleware';
import { rateLimitOptions } from './http/rate-limit';
import { rateLimitStorage } from './http/rate-limit-storage';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';
import { DocumentsModule } from './documents/documents.module';
import { EmailModule } from './email/email.module';
import { HealthModule } from './health/health.module';
import { IngestionModule } from './ingestion/ingestion.module';
import { InsightsModule } from './insights/insights.module';
import { MetricsModule } from './metrics/metrics.module';
import { RetrievalModule } from './retrieval/retrieval.module';
import { SearchModule } from './search/search.module';
import { SessionsModule } from './sessions/sessions.module';
import { StorageModule } from './storage/storage.module';
import { SuperadminModule } from './superadmin/superadmin.module';
import { TakeawaysModule } from './takeaways/takeaways.module';

/** Modules shared by the API server and the worker. */
export function coreImports(config: AppConfig) {
  return [
    ConfigModule.forRoot(config),
    DatabaseModule,
    StorageModule.forRoot(config),
    EmailModule.forRoot(config),
    ScheduleModule.forRoot(),
  ];
}

/** The HTTP API (`main.ts`). The worker (`worker.ts`) uses `WorkerModule` over the same modules. */
@Module({})
export class AppModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreImports(config),
        ThrottlerModule.forRootAsync({
          useFactory: () => ({ ...rateLimitOptions(config), storage: rateLimitStorage(config) }),
        }),
        ActivityModule,
        AuthModule,
        ConferenceModule,
        SessionsModule,
        DocumentsModule,
        IngestionModule.forRoot(config, { consume: config.ingestInApi }),
        AiModule,
        RetrievalModule,
        ChatModule,
        TakeawaysModule,
        SearchModule,
        AdminModule,
        BillingModule,
        InsightsModule,
        SuperadminModule,
        DemoModule,
        HealthModule,
        MetricsModule,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(OriginCheckMiddleware).forRoutes('*');
  }
}

import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { SessionsModule } from '../sessions/sessions.module';
import { DemoRepository } from './demo.repository';
import { DemoSeeder } from './demo.seeder';

/** Seeds the demo conference (backend/demo) on first start unless SEED_DEMO=false. */
@Module({
  imports: [SessionsModule, DocumentsModule],
  providers: [DemoRepository, DemoSeeder],
})
export class DemoModule {}

import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { SuperadminController } from './superadmin.controller';
import { SuperadminRepository } from './superadmin.repository';
import { SuperadminService } from './superadmin.service';

@Module({
  imports: [SessionsModule],
  controllers: [SuperadminController],
  providers: [SuperadminRepository, SuperadminService],
})
export class SuperadminModule {}

import { Module } from '@nestjs/common';
import { ConferenceModule } from '../conference/conference.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SuperadminController } from './superadmin.controller';
import { SuperadminRepository } from './superadmin.repository';
import { SuperadminService } from './superadmin.service';

@Module({
  imports: [SessionsModule, ConferenceModule],
  controllers: [SuperadminController],
  providers: [SuperadminRepository, SuperadminService],
})
export class SuperadminModule {}

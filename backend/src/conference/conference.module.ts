import { Module } from '@nestjs/common';
import { ConferenceController } from './conference.controller';
import { ConferenceRepository } from './conference.repository';
import { ConferenceService } from './conference.service';

@Module({
  controllers: [ConferenceController],
  providers: [ConferenceRepository, ConferenceService],
  exports: [ConferenceService],
})
export class ConferenceModule {}

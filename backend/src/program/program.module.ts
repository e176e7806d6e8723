import { Module } from '@nestjs/common';
import { ConferenceModule } from '../conference/conference.module';
import { ProgramRepository } from './program.repository';
import { ProgramClock, ProgramService } from './program.service';

/** The conference program as the assistant's knowledge (see ProgramService). */
@Module({
  imports: [ConferenceModule],
  providers: [ProgramRepository, ProgramService, ProgramClock],
  exports: [ProgramService, ProgramClock],
})
export class ProgramModule {}

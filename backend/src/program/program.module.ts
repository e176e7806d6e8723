import { Module } from '@nestjs/common';
import { ProgramRepository } from './program.repository';
import { ProgramClock, ProgramService } from './program.service';

/** The conference program as the assistant's knowledge (see ProgramService). */
@Module({
  providers: [ProgramRepository, ProgramService, ProgramClock],
  exports: [ProgramService, ProgramClock],
})
export class ProgramModule {}

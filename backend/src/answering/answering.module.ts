import { Module } from '@nestjs/common';
import { ProgramModule } from '../program/program.module';
import { RetrievalModule } from '../retrieval/retrieval.module';
import { AnsweringService } from './answering.service';

/** The answer engine: program → retrieval → generation → citations for one question, and the takeaways. */
@Module({
  imports: [RetrievalModule, ProgramModule],
  providers: [AnsweringService],
  exports: [AnsweringService],
})
export class AnsweringModule {}

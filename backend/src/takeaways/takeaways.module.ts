import { Module } from '@nestjs/common';
import { AnsweringModule } from '../answering/answering.module';
import { ConferenceModule } from '../conference/conference.module';
import { TakeawaysController } from './takeaways.controller';
import { TakeawaysRepository } from './takeaways.repository';
import { TakeawaysService } from './takeaways.service';

@Module({
  imports: [AnsweringModule, ConferenceModule],
  controllers: [TakeawaysController],
  providers: [TakeawaysRepository, TakeawaysService],
  exports: [TakeawaysService],
})
export class TakeawaysModule {}

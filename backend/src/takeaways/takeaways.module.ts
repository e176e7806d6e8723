import { Module } from '@nestjs/common';
import { ConferenceModule } from '../conference/conference.module';
import { RetrievalModule } from '../retrieval/retrieval.module';
import { TakeawaysController } from './takeaways.controller';
import { TakeawaysRepository } from './takeaways.repository';
import { TakeawaysService } from './takeaways.service';

@Module({
  imports: [RetrievalModule, ConferenceModule],
  controllers: [TakeawaysController],
  providers: [TakeawaysRepository, TakeawaysService],
  exports: [TakeawaysService],
})
export class TakeawaysModule {}

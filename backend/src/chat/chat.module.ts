import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { ConferenceModule } from '../conference/conference.module';
import { MetricsModule } from '../metrics/metrics.module';
import { ProgramModule } from '../program/program.module';
import { RetrievalModule } from '../retrieval/retrieval.module';
import { ChatController } from './chat.controller';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { HistoryMailLimits } from './history-mail-limits';

@Module({
  imports: [ActivityModule, RetrievalModule, ProgramModule, ConferenceModule, MetricsModule],
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, HistoryMailLimits],
  exports: [ChatService],
})
export class ChatModule {}

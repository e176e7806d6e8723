import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { AnsweringModule } from '../answering/answering.module';
import { ConferenceModule } from '../conference/conference.module';
import { MetricsModule } from '../metrics/metrics.module';
import { ChatController } from './chat.controller';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { HistoryMailLimits } from './history-mail-limits';

@Module({
  imports: [ActivityModule, AnsweringModule, ConferenceModule, MetricsModule],
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, HistoryMailLimits],
  exports: [ChatService],
})
export class ChatModule {}

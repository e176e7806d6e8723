import { Module } from '@nestjs/common';
import { RetrievalModule } from '../retrieval/retrieval.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

@Module({ imports: [RetrievalModule], controllers: [SearchController], providers: [SearchService] })
export class SearchModule {}

import { Module } from '@nestjs/common';
import { HybridSearch } from './hybrid-search';
import { RetrievalRepository } from './retrieval.repository';
import { RetrievalService } from './retrieval.service';

@Module({ providers: [RetrievalRepository, HybridSearch, RetrievalService], exports: [RetrievalService] })
export class RetrievalModule {}

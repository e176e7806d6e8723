import { Module } from '@nestjs/common';
import { RetrievalRepository } from './retrieval.repository';
import { RetrievalService } from './retrieval.service';

@Module({ providers: [RetrievalRepository, RetrievalService], exports: [RetrievalService] })
export class RetrievalModule {}

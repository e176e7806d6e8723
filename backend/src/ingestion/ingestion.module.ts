import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

@Module({})
export class IngestionModule {
  static forRoot(_config: AppConfig): DynamicModule {
    return { module: IngestionModule };
  }
}

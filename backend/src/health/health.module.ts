import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** Liveness and readiness endpoints for process managers and load balancers. */
@Module({
  controllers: [HealthController],
  providers: [HealthService],
})
export class HealthModule {}

import { Controller, Get } from '@nestjs/common';
import { Public } from '../common/roles';
import { HealthService, ReadyResponse } from './health.service';

/** GET /api/health (liveness: the process answers) and GET /api/ready (readiness), both public. */
@Controller('api')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get('health')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Public()
  @Get('ready')
  ready(): Promise<ReadyResponse> {
    return this.health.ready();
  }
}

import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/roles';
import { ApiOkResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { MessageResponse } from '../http/dto/message.response';
import { LiveResponse, ReadyResponse } from './dto/health.response';
import { HealthService } from './health.service';

/** GET /api/health (liveness: the process answers) and GET /api/ready (readiness), both public. */
@Controller('api')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get('health')
  live(): LiveResponse {
    return { status: 'ok' };
  }

  @Public()
  @Get('ready')
  @ApiOkResponse({ type: ReadyResponse })
  @ApiServiceUnavailableResponse({ type: MessageResponse, description: 'Shutting down, or the database or Redis is unreachable.' })
  ready(): Promise<ReadyResponse> {
    return this.health.ready();
  }
}

import { Controller, Get, Headers, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { MessageResponse } from '../http/dto/message.response';
import { Public } from '../auth/roles';
import { METRICS_MESSAGES } from './dto/metrics.messages';
import { MetricsService } from './metrics.service';

/** GET /api/metrics: this process's Prometheus metrics, for a scraper holding METRICS_TOKEN (no web session). */
@Controller('api')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Public()
  @Get('metrics')
  @ApiProduces('text/plain')
  @ApiHeader({ name: 'Authorization', description: 'Bearer <METRICS_TOKEN>', required: true })
  @ApiOkResponse({
    description: "This process's metrics in Prometheus's text format.",
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ type: MessageResponse, description: 'No token, or not the metrics token.' })
  @ApiNotFoundResponse({ type: MessageResponse, description: 'Metrics are off (METRICS_TOKEN unset).' })
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    if (!this.metrics.enabled) throw new NotFoundException(METRICS_MESSAGES.off);
    if (!this.metrics.authorized(authorization)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException(METRICS_MESSAGES.unauthorized);
    }
    const { contentType, body } = await this.metrics.render();
    res.set('Cache-Control', 'no-store').type(contentType).send(body);
  }
}

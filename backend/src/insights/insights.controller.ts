import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../auth/roles';
import { DEFAULT_INSIGHTS_DAYS, InsightsQuery } from './dto/insights.query';
import { InsightsService } from './insights.service';
import { InsightsResponse } from './dto/insights.response';

/** What attendees ask, what the materials don't answer, how answers are rated (admin Insights tab). */
@Controller('api/admin')
@Roles('admin')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get('insights')
  get(@Query() query: InsightsQuery): Promise<InsightsResponse> {
    return this.insights.insights(query.days ? Number(query.days) : DEFAULT_INSIGHTS_DAYS, query.sessionId ?? null);
  }
}

import { Controller, Get, Query } from '@nestjs/common';
import { Roles } from '../auth/roles';
import { BillingService } from './billing.service';
import { DailyCost, UsageSummary } from './dto/billing.response';
import { CostsQuery, DEFAULT_BILLING_DAYS } from './dto/costs.query';

/** AI usage and cost (PRODUCT.md §2 OpenAI Billing tab). */
@Controller('api/admin')
@Roles('admin')
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Get('openai-usage')
  usage(): Promise<UsageSummary> {
    return this.billing.usage();
  }

  @Get('openai-costs')
  costs(@Query() query: CostsQuery): Promise<DailyCost[]> {
    return this.billing.costs(query.days ? Number(query.days) : DEFAULT_BILLING_DAYS);
  }
}

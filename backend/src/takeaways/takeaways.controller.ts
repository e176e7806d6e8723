import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { RateLimited } from '../http/rate-limit';
import { type AuthUser, CurrentUser } from '../auth/roles';
import { EmailTakeawaysDto, TakeawaysDto } from './dto/takeaways.dto';
import { MessageResponse } from '../http/dto/message.response';
import { TakeawaysResult } from './dto/takeaways.response';
import { TakeawaysService } from './takeaways.service';

@Controller('api')
export class TakeawaysController {
  constructor(private readonly takeaways: TakeawaysService) {}

  @RateLimited('takeaways')
  @Post('takeaways')
  @HttpCode(200)
  generate(@CurrentUser() user: AuthUser, @Body() dto: TakeawaysDto): Promise<TakeawaysResult> {
    return this.takeaways.generate(user, dto);
  }

  @RateLimited('email')
  @Post('email/takeaways')
  @HttpCode(200)
  email(@CurrentUser() user: AuthUser, @Body() dto: EmailTakeawaysDto): Promise<MessageResponse> {
    return this.takeaways.emailTakeaways(user, dto);
  }
}

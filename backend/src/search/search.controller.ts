import { Controller, Get, Query } from '@nestjs/common';
import { RateLimited } from '../http/rate-limit';
import { type AuthUser, CurrentUser } from '../auth/roles';
import { SearchQueryDto } from './dto/search.dto';
import { SearchResponse } from './dto/search.response';
import { SearchService } from './search.service';

@Controller('api')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @RateLimited('search')
  @Get('search')
  search(@CurrentUser() user: AuthUser, @Query() query: SearchQueryDto): Promise<SearchResponse> {
    return this.searchService.search(user, query);
  }
}

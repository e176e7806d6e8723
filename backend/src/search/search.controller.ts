import { Controller, Get, Query } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/roles';
import { SearchQueryDto } from './dto/search.dto';
import { type SearchResult, SearchService } from './search.service';

@Controller('api')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get('search')
  search(@CurrentUser() user: AuthUser, @Query() query: SearchQueryDto): Promise<{ results: SearchResult[] }> {
    return this.searchService.search(user, query);
  }
}

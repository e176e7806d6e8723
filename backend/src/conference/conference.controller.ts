import { Body, Controller, Get, Put } from '@nestjs/common';
import { Public, Roles } from '../auth/roles';
import { ConferenceService } from './conference.service';
import { ConferenceInputDto, ConferenceResponse } from './dto/conference.dto';

/** The conference's name, dates, venue and time zone: public (the apps label session times with it). */
@Controller('api')
export class ConferenceController {
  constructor(private readonly conference: ConferenceService) {}

  @Public()
  @Get('conference')
  get(): Promise<ConferenceResponse> {
    return this.conference.get();
  }

  @Roles('admin')
  @Put('admin/conference')
  update(@Body() dto: ConferenceInputDto): Promise<ConferenceResponse> {
    return this.conference.update(dto);
  }
}

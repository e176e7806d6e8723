import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ActivityModule } from '../activity/activity.module';
import { AccessGuard } from './access.guard';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { SessionStrategy } from './session.strategy';

@Module({
  imports: [PassportModule, ActivityModule],
  controllers: [AuthController],
  providers: [AuthRepository, AuthService, SessionStrategy, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AuthService],
})
export class AuthModule {}

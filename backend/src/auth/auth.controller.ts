import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { clientIp } from '../common/client-ip';
import { RateLimited } from '../common/rate-limit';
import { AuthUser, CurrentUser, Public } from '../common/roles';
import { AppConfig } from '../config/app-config';
import { AuthService, SESSION_COOKIE, SESSION_TTL_SECONDS, toUserResponse, UserResponse } from './auth.service';
import { LoginDto, SignInLinkDto } from './dto/login.dto';
import { signInLinkPage } from './sign-in-link.page';

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('environment')
  environment(): { isProduction: boolean } {
    return { isProduction: this.config.isProduction };
  }

  @Get('auth/user')
  user(@CurrentUser() user: AuthUser): UserResponse {
    return toUserResponse(user);
  }

  @Public()
  @RateLimited('login')
  @Post('login')
  @HttpCode(200)
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { token, user } = await this.auth.login(dto, this.context(req));
    this.setCookie(res, token);
    return { user: toUserResponse(user), signInLinkSent: user.accountRole !== 'attendee' };
  }

  @Public()
  @RateLimited('login')
  @Post('quick-login')
  @HttpCode(200)
  async quickLogin(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { token, user } = await this.auth.quickLogin(this.context(req));
    this.setCookie(res, token);
    return { user: toUserResponse(user) };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.auth.logout(req.cookies?.[SESSION_COOKIE]);
    res.clearCookie(SESSION_COOKIE, this.cookieOptions());
    return { success: true };
  }

  /** Where the spec sends a signed-out admin: a page that mails a sign-in link. */
  @Public()
  @Get('login')
  loginPage(@Query('error') error: string | undefined, @Res() res: Response): void {
    res.type('html').send(signInLinkPage({ error: error === 'invalid_link' ? 'This sign-in link is invalid, used or expired. Ask for a new one below.' : undefined }));
  }

  /** Sends a sign-in link to a privileged address. Answers the same for every address. */
  @Public()
  @RateLimited('login')
  @Post('auth/link')
  @HttpCode(200)
  async requestLink(@Body() dto: SignInLinkDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.auth.requestSignInLink(dto.email);
    const message = 'If this address belongs to an administrator, a sign-in link is on its way. It expires in 15 minutes.';
    if (req.is('application/x-www-form-urlencoded')) {
      res.type('html').send(signInLinkPage({ notice: message }));
      return;
    }
    return { message };
  }

  @Public()
  @Get('auth/verify')
  async verify(@Query('token') token: string | undefined, @Res() res: Response): Promise<void> {
    const opened = await this.auth.verifySignInLink(String(token ?? ''));
    if (!opened) return res.redirect(302, '/api/login?error=invalid_link');
    this.setCookie(res, opened.token);
    res.redirect(302, opened.role === 'superadmin' ? '/superadmin' : '/admin');
  }

  private context(req: Request) {
    return { ip: clientIp(req), userAgent: String(req.headers['user-agent'] ?? '') };
  }

  private cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.isProduction, path: '/' };
  }

  private setCookie(res: Response, token: string): void {
    res.cookie(SESSION_COOKIE, token, { ...this.cookieOptions(), maxAge: SESSION_TTL_SECONDS * 1000 });
  }
}

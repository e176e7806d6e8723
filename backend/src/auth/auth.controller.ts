import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiFoundResponse, ApiOkResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientIp } from '../http/client-ip';
import { normalEmail } from '../email/email-address';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_SECONDS, knownDeviceToken } from './known-device';
import { isAddressOwner, RateLimited } from '../http/rate-limit';
import { AuthUser, CurrentUser, Public } from './roles';
import { AppConfig } from '../config/app-config';
import { MessageResponse } from '../http/dto/message.response';
import { AuthService, RequestContext } from './auth.service';
import { INVALID_LINK_MESSAGE, SIGN_IN_LINK_REQUESTED_MESSAGE } from './dto/auth.messages';
import { EnvironmentResponse, LoginResponse, LogoutResponse, QuickLoginResponse, toUserResponse, UserResponse } from './dto/user.response';
import { LoginDto, SignInLinkDto } from './dto/login.dto';
import { linkTokenOf, OPEN_LINK_SCRIPT, sendOpenLinkPage } from './open-link.page';
import {
  clearSessionCookie,
  PRIVILEGED_SESSION_MAX_SECONDS,
  sessionCookieOptions,
  sessionTokenOf,
  setSessionCookie,
} from './session-cookie';
import { isFormPost, sendSignInLinkPage, SignInLinkPageFilter } from './sign-in-link.page';

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('environment')
  environment(): EnvironmentResponse {
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
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    const owner = isAddressOwner(req as never, this.config.sessionSecret, normalEmail(dto.email));
    const { token, user, signInLinkSent } = await this.auth.login(dto, { ...contextOf(req), addressOwner: owner });
    setSessionCookie(res, this.config, token);
    return { user: toUserResponse(user), signInLinkSent };
  }

  @Public()
  @RateLimited('login')
  @Post('quick-login')
  @HttpCode(200)
  async quickLogin(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<QuickLoginResponse> {
    const { token, user } = await this.auth.quickLogin(contextOf(req));
    setSessionCookie(res, this.config, token);
    return { user: toUserResponse(user) };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LogoutResponse> {
    await this.auth.logout(sessionTokenOf(req.cookies));
    clearSessionCookie(res, this.config);
    return { success: true };
  }

  /** Where the spec sends a signed-out admin: a page that mails a sign-in link. */
  @Public()
  @Get('login')
  @ApiProduces('text/html')
  @ApiQuery({ name: 'error', required: false, enum: ['invalid_link'] })
  @ApiOkResponse({ description: 'The sign-in link page (HTML, no scripts).', content: { 'text/html': { schema: { type: 'string' } } } })
  loginPage(@Query('error') error: unknown, @Res() res: Response): void {
    sendSignInLinkPage(res, 200, { error: error === 'invalid_link' ? INVALID_LINK_MESSAGE : undefined });
  }

  /** Sends a sign-in link to a privileged address. Answers the same for every address. */
  @Public()
  @RateLimited('login')
  @UseFilters(SignInLinkPageFilter)
  @Post('auth/link')
  @HttpCode(200)
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiProduces('application/json', 'text/html')
  @ApiOkResponse({ type: MessageResponse, description: 'The same for every address; a form post gets the HTML page back.' })
  async requestLink(@Body() dto: SignInLinkDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    this.auth.requestSignInLink(dto.email, isAddressOwner(req as never, this.config.sessionSecret, normalEmail(dto.email)));
    if (isFormPost(req)) return sendSignInLinkPage(res, 200, { notice: SIGN_IN_LINK_REQUESTED_MESSAGE });
    return { message: SIGN_IN_LINK_REQUESTED_MESSAGE };
  }

  /**
   * The emailed link: a page that posts the token to POST /api/auth/verify (by its script, or its
   * button when scripts are off). A GET changes nothing, so a mail scanner opening the link neither
   * uses it up nor receives a session.
   */
  @Public()
  @Get('auth/verify')
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: true, type: String })
  @ApiOkResponse({
    description: 'A page that posts the token to POST /api/auth/verify (its script served as a file; a button without scripts).',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  openLink(@Query('token') token: unknown, @Res() res: Response): void {
    sendOpenLinkPage(res, linkTokenOf(token));
  }

  /** The script of the page above (the page's CSP allows scripts from this origin only, no inline script). */
  @Public()
  @Get('auth/verify.js')
  @ApiProduces('text/javascript')
  @ApiOkResponse({
    description: 'The script that posts the sign-in link page.',
    content: { 'text/javascript': { schema: { type: 'string' } } },
  })
  openLinkScript(@Res() res: Response): void {
    res.set('Cache-Control', 'public, max-age=300').type('text/javascript').send(OPEN_LINK_SCRIPT);
  }

  /**
   * Uses a sign-in link: JSON `{token}` or a form field `token`. Opens the privileged session and
   * redirects to its console; an unknown, used or expired token redirects to the sign-in page.
   */
  @Public()
  @Post('auth/verify')
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({ schema: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } })
  @ApiFoundResponse({
    description:
      'To /admin or /superadmin with a privileged session cookie; an unknown, used or expired token to /api/login?error=invalid_link.',
  })
  async verify(@Req() req: Request, @Res() res: Response): Promise<void> {
    const token = linkTokenOf((req.body as { token?: unknown } | undefined)?.token);
    const opened = token ? await this.auth.verifySignInLink(token, contextOf(req)) : null;
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer');
    if (!opened) return res.redirect(302, '/api/login?error=invalid_link');
    setSessionCookie(res, this.config, opened.token, PRIVILEGED_SESSION_MAX_SECONDS);
    // This browser is now known for the address: sign-in floods naming it never hold it back.
    res.cookie(KNOWN_DEVICE_COOKIE, knownDeviceToken(this.config.sessionSecret, opened.email), {
      ...sessionCookieOptions(this.config),
      path: '/api',
      maxAge: KNOWN_DEVICE_SECONDS * 1000,
    });
    res.redirect(302, opened.role === 'superadmin' ? '/superadmin' : '/admin');
  }
}

function contextOf(req: Request): RequestContext {
  const ua = req.headers['user-agent'];
  return { ip: clientIp(req), userAgent: typeof ua === 'string' ? ua : '', previousSessionToken: sessionTokenOf(req.cookies) };
}

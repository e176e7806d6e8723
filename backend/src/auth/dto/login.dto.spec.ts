import { ValidationPipe } from '@nestjs/common';
import { validationExceptionFactory } from '../../http/validation';
import { FIRST_NAME_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE, LoginDto, SignInLinkDto } from './login.dto';

// The same pipe settings as the application (bootstrap.ts).
const sut = new ValidationPipe({ transform: true, whitelist: true, exceptionFactory: validationExceptionFactory });

async function messageFor(body: unknown, metatype: new () => object = LoginDto): Promise<string | 'valid'> {
  try {
    await sut.transform(body, { type: 'body', metatype });
    return 'valid';
  } catch (err) {
    return (err as { getResponse(): { message: string } }).getResponse().message;
  }
}

describe(LoginDto.name, () => {
  it.each([
    ['missing email', { firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
    ['empty email', { email: '', firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
    ['blank email', { email: '   ', firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
    ['email without @', { email: 'ann.example.com', firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
    ['email with a space', { email: 'ann smith@example.com', firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
    ['email as a number', { email: 42, firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
    ['email as a list', { email: ['ann@example.com'], firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
    ['missing first name', { email: 'ann@example.com' }, FIRST_NAME_REQUIRED_MESSAGE],
    ['empty first name', { email: 'ann@example.com', firstName: '' }, FIRST_NAME_REQUIRED_MESSAGE],
    ['blank first name', { email: 'ann@example.com', firstName: '  \t ' }, FIRST_NAME_REQUIRED_MESSAGE],
    ['first name as a number', { email: 'ann@example.com', firstName: 7 }, FIRST_NAME_REQUIRED_MESSAGE],
    ['first name null', { email: 'ann@example.com', firstName: null }, FIRST_NAME_REQUIRED_MESSAGE],
    ['both missing: the email comes first', {}, INVALID_EMAIL_MESSAGE],
    ['a list instead of an object', [], INVALID_EMAIL_MESSAGE],
    ['first name too long', { email: 'ann@example.com', firstName: 'a'.repeat(101) }, 'First name is too long (100 characters at most).'],
    ['last name as a number', { email: 'ann@example.com', firstName: 'Ann', lastName: 5 }, 'Last name must be text.'],
    [
      'company too long',
      { email: 'ann@example.com', firstName: 'Ann', company: 'c'.repeat(201) },
      'Company is too long (200 characters at most).',
    ],
  ])('%s → %s', async (_case, body, message) => {
    expect(await messageFor(body)).toBe(message);
  });

  it('accepts the spec payload, trims it and drops unknown fields', async () => {
    const dto = await sut.transform(
      { email: ' Ann@Example.com ', firstName: ' Ann ', lastName: null, company: 'ACME', role: 'superadmin' },
      { type: 'body', metatype: LoginDto },
    );
    expect(dto).toEqual(Object.assign(new LoginDto(), { email: 'Ann@Example.com', firstName: 'Ann', lastName: null, company: 'ACME' }));
  });
});

describe(SignInLinkDto.name, () => {
  it('wants a valid email address', async () => {
    expect(await messageFor({}, SignInLinkDto)).toBe(INVALID_EMAIL_MESSAGE);
    expect(await messageFor({ email: 'nope' }, SignInLinkDto)).toBe(INVALID_EMAIL_MESSAGE);
    expect(await messageFor({ email: 'a@b.c' }, SignInLinkDto)).toBe('valid');
  });
});

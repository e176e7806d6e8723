import { HttpException } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { ConfigError, loadConfig } from '../config/app-config';
import {
  HISTORY_MAIL_RECIPIENT_DAY_MESSAGE,
  HISTORY_MAIL_USER_DAY_MESSAGE,
  HISTORY_MAIL_USER_HOUR_MESSAGE,
  HistoryMailLimits,
} from './history-mail-limits';

describe(HistoryMailLimits.name, () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ SESSION_SECRET: 'a-secret-of-16-chars-or-more', ...env }, { dataDir: '/tmp' });
  const storage = new ThrottlerStorageService();
  afterAll(() => storage.onApplicationShutdown());

  async function refusal(sut: HistoryMailLimits, user: string, to: string): Promise<{ status: number; message: string } | null> {
    try {
      await sut.take(user, to);
      return null;
    } catch (err) {
      const e = err as HttpException;
      return { status: e.getStatus(), message: (e.getResponse() as { message: string }).message };
    }
  }

  it('has defaults and refuses a bad setting', () => {
    const c = config({});
    expect([c.historyMailLimitPerUserHour, c.historyMailLimitPerUserDay, c.historyMailLimitPerRecipientDay]).toEqual([5, 20, 5]);
    expect(() => config({ HISTORY_MAIL_LIMIT_PER_USER_DAY: '0' })).toThrow(ConfigError);
    expect(() => config({ HISTORY_MAIL_LIMIT_PER_RECIPIENT_DAY: 'many' })).toThrow(/HISTORY_MAIL_LIMIT_PER_RECIPIENT_DAY/);
  });

  it('caps per user per hour, per user per day and per recipient per day, each with its message', async () => {
    const hourly = new HistoryMailLimits(storage, config({ HISTORY_MAIL_LIMIT_PER_USER_HOUR: '2' }));
    expect(await refusal(hourly, 'u1', 'a@example.com')).toBeNull();
    expect(await refusal(hourly, 'u1', 'b@example.com')).toBeNull();
    expect(await refusal(hourly, 'u1', 'c@example.com')).toEqual({ status: 429, message: HISTORY_MAIL_USER_HOUR_MESSAGE });

    const daily = new HistoryMailLimits(storage, config({ HISTORY_MAIL_LIMIT_PER_USER_HOUR: '50', HISTORY_MAIL_LIMIT_PER_USER_DAY: '1' }));
    expect(await refusal(daily, 'u2', 'd@example.com')).toBeNull();
    expect(await refusal(daily, 'u2', 'e@example.com')).toEqual({ status: 429, message: HISTORY_MAIL_USER_DAY_MESSAGE });

    const perRecipient = new HistoryMailLimits(storage, config({ HISTORY_MAIL_LIMIT_PER_RECIPIENT_DAY: '1' }));
    expect(await refusal(perRecipient, 'u3', 'f@example.com')).toBeNull();
    expect(await refusal(perRecipient, 'u4', 'f@example.com')).toEqual({ status: 429, message: HISTORY_MAIL_RECIPIENT_DAY_MESSAGE });
  });
});

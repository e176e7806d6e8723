import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const HISTORY_MAIL_USER_HOUR_MESSAGE =
  'You have emailed chat histories to other addresses too often this hour. Please try again later.';
export const HISTORY_MAIL_USER_DAY_MESSAGE =
  'You have emailed chat histories to other addresses too often today. Please try again tomorrow.';
export const HISTORY_MAIL_RECIPIENT_DAY_MESSAGE = 'This address has received too many chat histories today. Please try again tomorrow.';

/**
 * Caps on chat histories mailed to an address other than the sender's own (the route would otherwise
 * be a mail relay): per user per hour and per day, per recipient per day whoever sends. The counters
 * live in the rate-limit storage (Redis when REDIS_URL is set, so every API process shares them). A
 * request refused by one cap is not counted by the next.
 */
@Injectable()
export class HistoryMailLimits {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  /** Counts one mail from `userId` to `recipient` (normalised address); 429 `{message}` past a cap. */
  async take(userId: string, recipient: string): Promise<void> {
    const caps: [string, number, number, string][] = [
      [`history-mail-user-hour:${userId}`, HOUR, this.config.historyMailLimitPerUserHour, HISTORY_MAIL_USER_HOUR_MESSAGE],
      [`history-mail-user-day:${userId}`, DAY, this.config.historyMailLimitPerUserDay, HISTORY_MAIL_USER_DAY_MESSAGE],
      [`history-mail-recipient-day:${recipient}`, DAY, this.config.historyMailLimitPerRecipientDay, HISTORY_MAIL_RECIPIENT_DAY_MESSAGE],
    ];
    for (const [key, ttl, limit, message] of caps) {
      const name = key.slice(0, key.indexOf(':'));
      const record = await this.storage.increment(key, ttl, limit, ttl, name);
      if (record.isBlocked || record.totalHits > limit) throw new HttpException({ message }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}

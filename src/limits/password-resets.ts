import type { SqlDatabase } from '../store/sql/sql-database';
import { SharedWindowCounter } from './shared-window-counter';
import { HOUR, minutesText, type WindowLimit } from './window-counter';

/**
 * Requests for a new password (src/identity/password-reset.ts, docs/decisions/password-reset.md), in the
 * write side's database: shared by the instances on Postgres, as each request may append to the log and
 * send an e-mail.
 */
/** Requests per address: a household forgets a few passwords; a script asks for thousands. */
export const RESET_REQUESTS_PER_ADDRESS: WindowLimit = { max: 20, windowMs: HOUR };
/** Requests per name or address typed, whoever asks: counted whether or not the account exists. */
export const RESET_REQUESTS_PER_NAME: WindowLimit = { max: 5, windowMs: HOUR };
/** E-mails per account, whoever asks from wherever: an inbox is not flooded (beyond it: silently no mail). */
export const RESET_MAILS_PER_ACCOUNT: WindowLimit = { max: 3, windowMs: HOUR };

export const PASSWORD_RESET_LIMIT_TEXTS = {
  address: (minutes: number) =>
    `Von deinem Anschluss wurden zu viele neue Passwörter angefordert. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
  name: (minutes: number) =>
    `Für diesen Namen wurden zu viele neue Passwörter angefordert. Bitte versuche es in ${minutesText(minutes)} noch einmal.`,
} as const;

export class PasswordResetLimits {
  private constructor(
    private readonly perAddress: SharedWindowCounter,
    private readonly perName: SharedWindowCounter,
    private readonly perAccount: SharedWindowCounter,
    private readonly clock: () => number,
  ) {}

  static async open(db: SqlDatabase, clock: () => number = Date.now): Promise<PasswordResetLimits> {
    return new PasswordResetLimits(
      await SharedWindowCounter.open(db, 'reset-address', RESET_REQUESTS_PER_ADDRESS),
      await SharedWindowCounter.open(db, 'reset-name', RESET_REQUESTS_PER_NAME),
      await SharedWindowCounter.open(db, 'reset-account', RESET_MAILS_PER_ACCOUNT),
      clock,
    );
  }

  /**
   * Counts a request from the address and, while the address is within its limit, for the name or
   * address typed (`typed`, a hash: the table holds neither in clear), in one statement; the German
   * refusal when either is beyond its limit.
   */
  async request(address: string, typed: string): Promise<string | null> {
    const { first, second } = await this.perAddress.takeThen(address, this.perName, typed, this.clock());
    if (first.waitMinutes > 0) return PASSWORD_RESET_LIMIT_TEXTS.address(first.waitMinutes);
    if (second && second.waitMinutes > 0) return PASSWORD_RESET_LIMIT_TEXTS.name(second.waitMinutes);
    return null;
  }

  /** Counts an e-mail to the account; false when it has had its share (then no mail is sent). */
  async mail(userId: string): Promise<boolean> {
    return (await this.perAccount.takeOrWait(userId, this.clock())) === 0;
  }
}

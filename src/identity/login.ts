/**
 * The login (POST /api/token-auth), without HTTP: a one-time login link, or a name and password. The
 * order of the password login, and why (docs/decisions/first-minute.md):
 *
 * 1. the hashing queue's room: a login it would send away now gets its appointment (HashingBusy) before
 *    it costs the limiter's and the credentials' queries, which each check-in would pay again;
 * 2. a place in the name's line (NameLineFull beyond it: refused at once, uncounted);
 * 3. the limiter counts the attempt as failed before the password is verified: a burst cannot slip past
 *    the limit while the first are hashed;
 * 4. verify: an unknown name costs the same verification as a known one (the timing does not tell which
 *    names exist); an attempt the queue sent away was never verified and is given back;
 * 5. a success clears the failures; a blocked user is told only after the password (a guesser learns nothing);
 * 6. the login token, and a new known-device cookie (src/auth/device-tokens.ts).
 *
 * The edge maps the outcome to its transport: a refusal's reason to a status, the cookie to a header.
 */
import { FIELD_MAXIMA, tooLongProblem, uniqueNameKey, type UserLive } from '../../projections/live';
import { reject, type Rejection } from '../commands';
import type { DeviceTokens } from '../auth/device-tokens';
import type { TokenService } from '../auth/jwt';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import { BLOCKED_TEXT } from '../auth/token-holder';
import { LOGIN_TEXTS } from '../edge-texts';
import type { LiveStateService } from '../engine/live-state';
import type { LoginLimits } from '../limits/logins-and-registrations';
import type { Credentials } from './credentials';
import type { PasswordHasher } from './password-hasher';
import { HashingBusy } from './passwords';

/** What a login reaches. */
export interface LoginParts {
  readonly live: LiveStateService;
  readonly credentials: Credentials;
  readonly hasher: PasswordHasher;
  readonly limits: LoginLimits;
  readonly jwt: TokenService;
  readonly devices: DeviceTokens;
  readonly oneTimeTokens: OneTimeTokens;
}

/** A name and password as the client sent them, with what the edge knows of the client. */
export interface PasswordAttempt {
  readonly username: string;
  readonly password: string;
  /** The client's address (the limiter counts per address too). */
  readonly address: string;
  /** The known-device cookie's value, if the client sent one. */
  readonly deviceCookie: string | null;
  /** The hashing queue's ticket of an earlier appointment. */
  readonly ticket: string | undefined;
}

/** Logged in: the login token, and for a password login the new known-device cookie's value. */
export interface LoggedIn {
  readonly ok: true;
  readonly token: string;
  readonly deviceCookie?: string;
}

export class Logins {
  constructor(private readonly parts: LoginParts) {}

  /** A one-time login link's token: used up, its user logged in (forbidden when invalid, expired, used or blocked). */
  async withLink(token: string): Promise<LoggedIn | Rejection> {
    const { oneTimeTokens, live, jwt } = this.parts;
    const linkId = await oneTimeTokens.redeem('login', token);
    // The link (and its user) may have been created through another app instance a moment ago.
    const user = linkId ? await live.findCaughtUp((s) => s.users.get(s.loginLinks.get(linkId) ?? '')) : undefined;
    if (!user) return reject(LOGIN_TEXTS.invalidLink, 'forbidden');
    if (user.blocked) return reject(BLOCKED_TEXT, 'forbidden');
    return { ok: true, token: jwt.sign(user) };
  }

  /** The password login (see the top of this file); throws HashingBusy and NameLineFull for the edge to answer. */
  async withPassword({
    username,
    password,
    address,
    deviceCookie,
    ticket,
  }: PasswordAttempt): Promise<LoggedIn | Rejection> {
    const { live, credentials, hasher, limits, jwt, devices } = this.parts;
    // An over-long name is counted under its first characters (the limiter's key stays small), then refused before any query holds it.
    const counted = username.slice(0, FIELD_MAXIMA.login);
    const attempt = {
      login: counted,
      address,
      // The cookie names the account and its token generation: the live state's, no query.
      device: devices.verify(
        deviceCookie,
        live.state.users.get(live.state.userIdByLogin.get(uniqueNameKey(counted)) ?? ''),
      ),
    };
    hasher.checkRoom({ ticket });
    const tooLong = tooLongProblem('login', username);
    const place = limits.enterLine(attempt);
    const refusal = await limits.attempt(attempt).catch((error: unknown) => {
      place.leave();
      throw error;
    });
    if (refusal || tooLong) place.leave();
    if (refusal) return reject(refusal, 'limited');
    if (tooLong) return reject(tooLong, 'invalid');
    const valid = await place
      .run(async () => {
        const credential = await credentials.findByLogin(username);
        const verified = await hasher.verify(credential?.passwordHash ?? (await hasher.dummyHash()), password, {
          ticket,
        });
        return verified && credential ? credential : null;
      })
      .catch(async (error: unknown) => {
        if (error instanceof HashingBusy) await limits.giveBack(attempt); // never verified: not a failure
        throw error;
      });
    const user: UserLive | undefined = valid ? await live.findCaughtUp((s) => s.users.get(valid.userId)) : undefined;
    if (!user) return reject(LOGIN_TEXTS.wrongCredentials, 'forbidden');
    await limits.succeeded(attempt);
    if (user.blocked) return reject(BLOCKED_TEXT, 'forbidden');
    return { ok: true, token: jwt.sign(user), deviceCookie: devices.issue(user) };
  }
}

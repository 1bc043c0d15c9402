import jwt from 'jsonwebtoken';
import type { Role } from '../../events';
import type { UserLive } from '../../projections/live';
import { OPERATOR_TOKEN_LIFETIME_SECONDS, TOKEN_LIFETIME_SECONDS, TokenService } from '../../src/auth/jwt';
import {
  dueForRenewal,
  RENEW_AFTER_SECONDS,
  RENEWALS_END_AFTER_SECONDS,
  renewedToken,
} from '../../src/auth/token-renewal';

/** Login tokens are signed through @nestjs/jwt; tokens issued before (jsonwebtoken by hand) stay valid, and the claims stay the same. */
describe('login tokens', () => {
  const secret = 'geheimnis-der-show';
  const service = new TokenService(secret);
  const now = Date.UTC(2026, 10, 23, 20, 0, 0);
  const iat = Math.floor(now / 1000);

  it('given a player, then the token is HS256 with the claims id, perm, gen, lat, iat and exp (the 30-day idle window), byte for byte what jsonwebtoken makes', () => {
    expect(TOKEN_LIFETIME_SECONDS).toBe(30 * 24 * 3600);
    const token = service.sign({ id: 'u-1', roles: [], tokenGeneration: 2 }, now);
    expect(jwt.decode(token, { complete: true })).toMatchObject({
      header: { alg: 'HS256', typ: 'JWT' },
      payload: { id: 'u-1', perm: [], gen: 2, lat: iat, iat, exp: iat + TOKEN_LIFETIME_SECONDS },
    });
    const before = jwt.sign({ id: 'u-1', perm: [], gen: 2, lat: iat, iat, exp: iat + TOKEN_LIFETIME_SECONDS }, secret, {
      algorithm: 'HS256',
    });
    expect(token).toBe(before);
    expect(
      service.verify(
        jwt.sign(
          { id: 'u-1', perm: [], gen: 2, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60 },
          secret,
        ),
      ),
    ).toMatchObject({
      gen: 2,
    });
  });

  it('given an operator, then the token lasts 12 hours, not 7 days (finding 5)', () => {
    expect(OPERATOR_TOKEN_LIFETIME_SECONDS).toBe(12 * 3600);
    const token = service.sign({ id: 'u-1', roles: ['moderator', 'tester'], tokenGeneration: 0 }, now);
    expect(jwt.decode(token)).toMatchObject({
      perm: ['moderator', 'tester'],
      gen: 0,
      iat,
      exp: iat + OPERATOR_TOKEN_LIFETIME_SECONDS,
    });
  });

  it('given a token from before the change, then it verifies with its claims', () => {
    const issued = Math.floor(Date.now() / 1000);
    const old = jwt.sign({ id: 'u-2', perm: ['admin', 'unbekannt'], iat: issued, exp: issued + 3600 }, secret, {
      algorithm: 'HS256',
    });
    expect(service.verify(old)).toEqual({
      id: 'u-2',
      perm: ['admin'],
      exp: issued + 3600,
      gen: 0,
      iat: issued,
      lat: issued,
    });
  });

  it.each([
    [
      'another secret',
      () =>
        jwt.sign({ id: 'u', perm: [], exp: Math.floor(Date.now() / 1000) + 60 }, 'anderes-geheimnis', {
          algorithm: 'HS256',
        }),
    ],
    [
      'another algorithm',
      () => jwt.sign({ id: 'u', perm: [], exp: Math.floor(Date.now() / 1000) + 60 }, secret, { algorithm: 'HS512' }),
    ],
    [
      'alg none',
      () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"id":"u","perm":[],"exp":9999999999}').toString('base64url')}.`,
    ],
    [
      'expired',
      () => jwt.sign({ id: 'u', perm: [], exp: Math.floor(Date.now() / 1000) - 1 }, secret, { algorithm: 'HS256' }),
    ],
    [
      'a generation that is no whole number',
      () =>
        jwt.sign({ id: 'u', perm: [], gen: 'x', exp: Math.floor(Date.now() / 1000) + 60 }, secret, {
          algorithm: 'HS256',
        }),
    ],
    [
      'a login time that is no whole number',
      () =>
        jwt.sign({ id: 'u', perm: [], lat: 'gestern', exp: Math.floor(Date.now() / 1000) + 60 }, secret, {
          algorithm: 'HS256',
        }),
    ],
    ['no id', () => jwt.sign({ perm: [], exp: Math.floor(Date.now() / 1000) + 60 }, secret, { algorithm: 'HS256' })],
  ])('given a token with %s, then it is refused', (_what, make) => {
    expect(service.verify(make())).toBeNull();
  });
});

describe('sliding player tokens (issue 34)', () => {
  const service = new TokenService('geheimnis-der-show');
  const day = 24 * 3600;
  const now = Date.UTC(2026, 10, 27, 19, 55, 0);
  const nowSeconds = Math.floor(now / 1000);
  const player = { id: 'u-1', roles: [] as Role[], tokenGeneration: 3 } as unknown as UserLive;
  const payloadOf = (token: string) => service.verify(token)!;
  const issuedDaysAgo = (days: number, loggedInDaysAgo = days) =>
    payloadOf(
      jwt.sign(
        {
          id: 'u-1',
          perm: [],
          gen: 3,
          lat: nowSeconds - loggedInDaysAgo * day,
          iat: nowSeconds - days * day,
          exp: nowSeconds - days * day + TOKEN_LIFETIME_SECONDS,
        },
        'geheimnis-der-show',
        { algorithm: 'HS256' },
      ),
    );

  it("given a player token from last week's show, when it is used, then a fresh one is handed out: same user and generation, the login time kept, 30 more days", () => {
    const renewed = renewedToken(service, issuedDaysAgo(7), player, now);
    expect(renewed).not.toBeNull();
    expect(payloadOf(renewed!)).toEqual({
      id: 'u-1',
      perm: [],
      gen: 3,
      iat: nowSeconds,
      lat: nowSeconds - 7 * day,
      exp: nowSeconds + TOKEN_LIFETIME_SECONDS,
    });
  });

  it('given a player token issued less than a day ago, then it is not renewed (no new token on every request)', () => {
    expect(RENEW_AFTER_SECONDS).toBe(day);
    expect(renewedToken(service, issuedDaysAgo(0.5), player, now)).toBeNull();
    expect(dueForRenewal(issuedDaysAgo(1), player, nowSeconds)).toBe(true);
  });

  it('given an operator, then the token is never renewed: operators keep their 12-hour tokens', () => {
    const operator = { ...player, roles: ['moderator'] } as UserLive;
    expect(renewedToken(service, { ...issuedDaysAgo(2), perm: ['moderator'] }, operator, now)).toBeNull();
    // A player token of someone who holds a role by now is not turned into a long token either.
    expect(renewedToken(service, issuedDaysAgo(2), operator, now)).toBeNull();
  });

  it('given the last password login half a year ago, then renewals end: the token lives out its window and the player logs in again', () => {
    expect(RENEWALS_END_AFTER_SECONDS).toBe(180 * day);
    expect(renewedToken(service, issuedDaysAgo(3, 179), player, now)).not.toBeNull();
    expect(renewedToken(service, issuedDaysAgo(3, 180), player, now)).toBeNull();
  });
});

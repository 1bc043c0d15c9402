import jwt from 'jsonwebtoken';
import { OPERATOR_TOKEN_LIFETIME_SECONDS, TOKEN_LIFETIME_SECONDS, TokenService } from '../../src/auth/jwt';

/** Login tokens are signed through @nestjs/jwt; tokens issued before (jsonwebtoken by hand) stay valid, and the claims stay the same. */
describe('login tokens', () => {
  const secret = 'geheimnis-der-show';
  const service = new TokenService(secret);
  const now = Date.UTC(2026, 10, 23, 20, 0, 0);
  const iat = Math.floor(now / 1000);

  it('given a player, then the token is HS256 with the claims id, perm, gen, iat and exp (7 days), byte for byte what jsonwebtoken makes', () => {
    const token = service.sign({ id: 'u-1', roles: [], tokenGeneration: 2 }, now);
    expect(jwt.decode(token, { complete: true })).toMatchObject({
      header: { alg: 'HS256', typ: 'JWT' },
      payload: { id: 'u-1', perm: [], gen: 2, iat, exp: iat + TOKEN_LIFETIME_SECONDS },
    });
    const before = jwt.sign({ id: 'u-1', perm: [], gen: 2, iat, exp: iat + TOKEN_LIFETIME_SECONDS }, secret, { algorithm: 'HS256' });
    expect(token).toBe(before);
    expect(service.verify(jwt.sign({ id: 'u-1', perm: [], gen: 2, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60 }, secret))).toMatchObject({ gen: 2 });
  });

  it('given an operator, then the token lasts 12 hours, not 7 days (finding 5)', () => {
    expect(OPERATOR_TOKEN_LIFETIME_SECONDS).toBe(12 * 3600);
    const token = service.sign({ id: 'u-1', roles: ['moderator', 'tester'], tokenGeneration: 0 }, now);
    expect(jwt.decode(token)).toMatchObject({ perm: ['moderator', 'tester'], gen: 0, iat, exp: iat + OPERATOR_TOKEN_LIFETIME_SECONDS });
  });

  it('given a token from before the change, then it verifies with its claims', () => {
    const issued = Math.floor(Date.now() / 1000);
    const old = jwt.sign({ id: 'u-2', perm: ['admin', 'unbekannt'], iat: issued, exp: issued + 3600 }, secret, { algorithm: 'HS256' });
    expect(service.verify(old)).toEqual({ id: 'u-2', perm: ['admin'], exp: issued + 3600, gen: 0 });
  });

  it.each([
    ['another secret', () => jwt.sign({ id: 'u', perm: [], exp: Math.floor(Date.now() / 1000) + 60 }, 'anderes-geheimnis', { algorithm: 'HS256' })],
    ['another algorithm', () => jwt.sign({ id: 'u', perm: [], exp: Math.floor(Date.now() / 1000) + 60 }, secret, { algorithm: 'HS512' })],
    ['alg none', () => `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"id":"u","perm":[],"exp":9999999999}').toString('base64url')}.`],
    ['expired', () => jwt.sign({ id: 'u', perm: [], exp: Math.floor(Date.now() / 1000) - 1 }, secret, { algorithm: 'HS256' })],
    ['a generation that is no whole number', () => jwt.sign({ id: 'u', perm: [], gen: 'x', exp: Math.floor(Date.now() / 1000) + 60 }, secret, { algorithm: 'HS256' })],
    ['no id', () => jwt.sign({ perm: [], exp: Math.floor(Date.now() / 1000) + 60 }, secret, { algorithm: 'HS256' })],
  ])('given a token with %s, then it is refused', (_what, make) => {
    expect(service.verify(make())).toBeNull();
  });
});

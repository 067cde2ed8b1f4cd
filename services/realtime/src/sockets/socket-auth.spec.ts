import { jwtConfigFromEnv, signAccessToken } from '@tiredash/auth';
import { authenticateHandshake, extractHandshakeToken } from './socket-auth';

const jwt = jwtConfigFromEnv({ NODE_ENV: 'test' });
const userId = '0b9c5b8e-2f7d-4b5e-9a51-7d1d1f0f3e11';

describe('handshake authentication', () => {
  it('takes the token from auth.token, then the Authorization header, never from the URL query', () => {
    expect(extractHandshakeToken({ auth: { token: 'a' }, headers: { authorization: 'Bearer b' }, query: { token: 'c' } })).toBe('a');
    expect(extractHandshakeToken({ auth: { token: 'Bearer a' }, headers: {}, query: {} })).toBe('a');
    expect(extractHandshakeToken({ auth: {}, headers: { authorization: 'Bearer b' }, query: { token: 'c' } })).toBe('b');
    expect(extractHandshakeToken({ headers: { authorization: 'Basic xyz' }, query: { token: 'c' } })).toBeNull();
    expect(extractHandshakeToken({ headers: {}, query: { token: 'c' } })).toBeNull();
    expect(extractHandshakeToken({ auth: { token: 42 }, headers: {}, query: {} })).toBeNull();
  });

  it('answers the actor of a valid token and null otherwise', () => {
    const token = signAccessToken({ sub: userId, role: 'provider', email: 'p@example.test' }, jwt);
    expect(authenticateHandshake({ auth: { token }, headers: {}, query: {} }, jwt)).toEqual({ userId, role: 'provider' });
    expect(authenticateHandshake({ headers: {}, query: {} }, jwt)).toBeNull();
    expect(authenticateHandshake({ auth: { token: `${token}x` }, headers: {}, query: {} }, jwt)).toBeNull();
    expect(authenticateHandshake({ auth: { token }, headers: {}, query: {} }, { ...jwt, audience: 'other' })).toBeNull();
  });
});

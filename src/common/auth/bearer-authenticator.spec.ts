import { BearerAuthenticator, presentedBearerToken } from './bearer-authenticator';

const request = (authorization?: string, body?: unknown, query?: unknown) => ({
  headers: { authorization },
  body,
  query,
});

describe('presentedBearerToken (RFC 6750, CONTRACT 3)', () => {
  it.each([
    ['the Authorization header', request('Bearer af_x'), 'af_x'],
    ['the scheme in any case', request('bEARER af_x'), 'af_x'],
    ['the body field', request(undefined, { access_token: 'af_x' }), 'af_x'],
    ['the query parameter', request(undefined, undefined, { access_token: 'af_x' }), 'af_x'],
    ['another scheme, then the query', request('Basic abc', {}, { access_token: 'af_x' }), 'af_x'],
  ])('reads the token from %s', (_where, req, token) => {
    expect(presentedBearerToken(req)).toBe(token);
  });

  it.each([
    ['no token anywhere', request(undefined, {}, {})],
    ['an empty token', request('Bearer ')],
    ['a header that is not two words', request('Bearer a b')],
    ['a lone scheme', request('Bearer')],
    ['two places at once', request('Bearer af_x', undefined, { access_token: 'af_y' })],
    ['the body and the query', request(undefined, { access_token: 'a' }, { access_token: 'b' })],
    ['a repeated query parameter', request(undefined, undefined, { access_token: ['a', 'b'] })],
    ['a number', request(undefined, { access_token: 5 })],
    ['an object', request(undefined, { access_token: { a: 1 } })],
  ])('finds none with %s', (_case, req) => {
    expect(presentedBearerToken(req)).toBeNull();
  });
});

describe('BearerAuthenticator', () => {
  it('asks the registered lookup about a presented token only', async () => {
    const authenticator = new BearerAuthenticator();
    const lookup = jest.fn((token: string) =>
      Promise.resolve(
        token === 'af_x'
          ? {
              id: 1,
              organisation_id: 2,
              email: 'a@b.test',
              role: 'admin' as const,
              super_admin: false,
            }
          : null,
      ),
    );
    authenticator.register(lookup);
    await expect(authenticator.authenticate(request('Bearer af_x'))).resolves.toMatchObject({
      id: 1,
    });
    await expect(authenticator.authenticate(request('Bearer af_y'))).resolves.toBeNull();
    await expect(authenticator.authenticate(request())).resolves.toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});

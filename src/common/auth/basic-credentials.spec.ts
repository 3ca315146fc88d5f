import { parseBasicAuthorization } from './basic-credentials';

const basic = (pair: string, scheme = 'Basic') =>
  `${scheme} ${Buffer.from(pair, 'utf8').toString('base64')}`;

describe('parseBasicAuthorization (RFC 7617)', () => {
  it('splits at the first colon: the password may contain colons', () => {
    expect(parseBasicAuthorization(basic('0a0000000001:se:cr:et'))).toEqual({
      user: '0a0000000001',
      password: 'se:cr:et',
    });
  });

  it('accepts the scheme in any case and an empty password', () => {
    expect(parseBasicAuthorization(basic('a:', 'bAsIc'))).toEqual({ user: 'a', password: '' });
  });

  it.each([
    ['no header', undefined],
    ['empty', ''],
    ['another scheme', 'Bearer abc'],
    ['no credentials', 'Basic'],
    ['not base64', 'Basic ###'],
    ['bad padding', 'Basic YWJj='],
    ['no colon', basic('justuser')],
    ['two tokens', `${basic('a:b')} extra`],
  ])('refuses %s', (_case, header) => {
    expect(parseBasicAuthorization(header)).toBeNull();
  });
});

import { CONSOLE_HOME, HOME_PATH, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/upgrades', '/upgrades'],
    ['/upgrades/new', '/upgrades/new'],
    ['/upgrades?x=1', '/upgrades?x=1'],
    ['/upgrades/7/edit?tab=a%20b', '/upgrades/7/edit?tab=a%20b'],
    ['/', '/'],
  ])('follows the local path %j', (next, expected) => {
    expect(safeReturnPath(next)).toBe(expected);
  });

  it.each([
    ['a path with a tab after the slash, percent-encoded', '/%09/evil.example'],
    ['a protocol-relative URL', '//evil'],
    ['a backslash after the slash', '/\\evil'],
    ['an absolute URL', 'https://evil'],
    ['a relative path', 'upgrades'],
    ['a raw tab', '/\t/evil.example'],
    ['a CR/LF header injection', '/upgrades\r\nSet-Cookie: x=1'],
    ['a percent-encoded CR/LF', '/upgrades%0d%0aSet-Cookie:%20x=1'],
    ['a percent-encoded double slash', '/%2f%2fevil.example'],
    ['a percent-encoded backslash', '/%5cevil.example'],
    ['a doubly encoded double slash', '/%252f%252fevil.example'],
    ['DEL', '/upgrades\x7f'],
    ['a NUL', '/upgrades%00'],
    ['a space', '/up grades'],
    ['a non-ASCII character', '/upgrades/é'],
    ['a malformed escape', '/upgrades%zz'],
    ['an array', ['/upgrades']],
    ['a number', 1],
    ['a very long path', `/${'a'.repeat(3000)}`],
  ])('answers /upgrades for %s', (_case, next) => {
    expect(safeReturnPath(next)).toBe(HOME_PATH);
  });

  it.each([
    ['undefined', undefined],
    ['an empty string', ''],
  ])('answers the console home (the overview) for %s: no next was asked for', (_case, next) => {
    expect(safeReturnPath(next)).toBe(CONSOLE_HOME);
  });
});

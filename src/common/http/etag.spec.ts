import { etagOf, ifNoneMatchNames } from './etag';

describe('ifNoneMatchNames', () => {
  const tag = 'abc123';

  it('quotes the tag as a strong validator', () => {
    expect(etagOf(tag)).toBe('"abc123"');
  });

  it.each([
    ['the strong validator', '"abc123"'],
    ['the weak validator', 'W/"abc123"'],
    ['*', '*'],
    ['one entry of a list', '"old", W/"abc123" ,"other"'],
    ['a list without spaces', '"old","abc123"'],
  ])('matches %s', (_what, header) => {
    expect(ifNoneMatchNames(header, tag)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another tag', '"abc1234"'],
    ['the bare tag without quotes', 'abc123'],
    ['a lower-case weak prefix', 'w/"abc123"'],
    ['a list of other tags', '"a", W/"b"'],
  ])('does not match %s', (_what, header) => {
    expect(ifNoneMatchNames(header, tag)).toBe(false);
  });

  it('reads a header given more than once', () => {
    expect(ifNoneMatchNames(['"old"', '"abc123"'], tag)).toBe(true);
  });
});

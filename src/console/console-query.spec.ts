import { deviceFilterString, deviceListHref, deviceListQuery } from './console-query';

describe('device list query', () => {
  it('reads the filters, leaving out what cannot be read', () => {
    expect(
      deviceListQuery({
        page: '2',
        network: '7',
        status: 'NEVER',
        firmware: ' 2.1.0 ',
        q: 'lobby',
      }),
    ).toEqual({ page: 2, network: 7, status: 'NEVER', firmware: '2.1.0', q: 'lobby' });
    expect(deviceListQuery({ page: 'x', status: 'up', firmware: '', q: ['a'] })).toEqual({
      page: 1,
      network: undefined,
      status: undefined,
      firmware: undefined,
      q: undefined,
    });
    expect(deviceListQuery({ page: '0', network: '99999999999' })).toMatchObject({
      page: 1,
      network: -1,
    });
    expect(deviceListQuery({ q: 'a\u0000b' }).q).toBeUndefined();
  });

  it('links to a filtered list', () => {
    expect(deviceListHref({})).toBe('/devices');
    expect(deviceListHref({ page: 1, status: 'UP' })).toBe('/devices?status=UP');
    expect(deviceListHref({ network: 3, q: 'a b', page: 2 })).toBe(
      '/devices?network=3&q=a+b&page=2',
    );
  });

  it('reads a tag and the selection of every match, and writes the filters alone', () => {
    expect(deviceListQuery({ tag: ' floor 2 ', select: 'all' })).toMatchObject({
      tag: 'floor 2',
      selectAll: true,
    });
    expect(deviceListQuery({ tag: 'a'.repeat(256), select: 'yes' })).toMatchObject({
      tag: undefined,
      selectAll: undefined,
    });
    expect(deviceListHref({ tag: 'floor 2', page: 2, selectAll: true })).toBe(
      '/devices?tag=floor+2&page=2&select=all',
    );
    expect(deviceFilterString({ network: 3, tag: 'lobby', sort: 'name', size: 50, page: 2 })).toBe(
      'network=3&tag=lobby',
    );
    expect(deviceFilterString({ page: 1 })).toBe('');
  });
});

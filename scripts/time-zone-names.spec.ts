import { tzdataNames } from './time-zone-names';

describe('tzdataNames', () => {
  it('reads the version, the zones and the links of a tzdata.zi text, sorted', () => {
    const text = [
      '# version 2025b',
      '# ddeps backzone zone.tab',
      'R E 1981 ma - Mar lSu 1u 1 S',
      'Z Asia/Kolkata 5:53:28 - LMT 1854 Jun 28',
      '5:30 - IST',
      'Z Europe/Kyiv 2:2:4 - LMT 1880',
      'L Asia/Kolkata Asia/Calcutta',
      'L Europe/Kyiv Europe/Kiev',
      'L Etc/UTC UTC',
    ].join('\n');
    expect(tzdataNames(text)).toEqual({
      version: '2025b',
      names: ['Asia/Calcutta', 'Asia/Kolkata', 'Europe/Kiev', 'Europe/Kyiv', 'UTC'],
    });
  });
});

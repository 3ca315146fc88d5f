import { labelSheet } from './label-sheet';

describe('labelSheet', () => {
  it('reads a MAC in any form and a label a row, a header skipped, an empty label clearing', () => {
    expect(
      labelSheet(
        'MAC,Label\n' +
          'aa:bb:cc:00:00:01, Room 412 \n' +
          'AABBCC000002,"Lobby, east"\n' +
          '\n' +
          'aa-bb-cc-00-00-03,\n',
      ),
    ).toEqual({
      rows: [
        { mac: 'AA:BB:CC:00:00:01', label: 'Room 412' },
        { mac: 'AA:BB:CC:00:00:02', label: 'Lobby, east' },
        { mac: 'AA:BB:CC:00:00:03', label: null },
      ],
    });
  });

  it('names every bad row by its number, as a spreadsheet numbers them', () => {
    expect(
      labelSheet(
        'mac,label\n' +
          'not-a-mac,Hall\n' +
          `aa:bb:cc:00:00:01,${'x'.repeat(65)}\n` +
          'aa:bb:cc:00:00:02,Hall\n' +
          'AABBCC000002,Hall again\n' +
          'aa:bb:cc:00:00:03,Lobby,east\n' +
          'aa:bb:cc:00:00:04,"tab\there"\n',
      ),
    ).toEqual({
      problems: [
        'Row 2: “not-a-mac” is not a MAC address.',
        'Row 3: label must be 1 to 64 characters long.',
        'Row 5: AA:BB:CC:00:00:02 is labelled on row 4 already.',
        'Row 6: has more than a MAC and a label (quote a label with a comma).',
        'Row 7: label must not hold control characters.',
      ],
    });
  });

  it('says what a sheet without devices or with broken quotes lacks', () => {
    expect(labelSheet('mac,label\n\n')).toEqual({
      problems: ['The sheet has no device: one a row, its MAC then its label.'],
    });
    expect(labelSheet('aa:bb:cc:00:00:01,"Room\n')).toEqual({
      problems: ['The sheet is not CSV (row 1): check its quotes.'],
    });
  });
});

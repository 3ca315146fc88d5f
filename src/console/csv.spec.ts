import { csvCell, csvOf } from './csv';

describe('csv', () => {
  it('quotes what needs quoting, with CRLF line ends', () => {
    expect(
      csvOf(
        ['name', 'clients'],
        [
          ['Lobby, "east"', 3],
          [null, 0],
        ],
      ),
    ).toBe('name,clients\r\n"Lobby, ""east""",3\r\n,0\r\n');
  });

  it('defuses texts a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(['+1', '-2', '@sum', '\tx'].map(csvCell)).toEqual(["'+1", "'-2", "'@sum", "'\tx"]);
    expect([csvCell(-2), csvCell(true), csvCell('lobby-ap')]).toEqual([-2, true, 'lobby-ap']);
  });
});

import { stringify } from 'csv-stringify/sync';

/**
 * A cell as a spreadsheet should read it: a text starting with =, +, - or @ (and tab or carriage
 * return) is a formula to Excel and LibreOffice, so a device named `=HYPERLINK(…)` gets a leading
 * apostrophe (OWASP's CSV injection advice); numbers, booleans and empty cells stay as they are.
 */
export function csvCell(value: string | number | boolean | null): string | number | boolean {
  if (value === null) {
    return '';
  }
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 CSV (csv-stringify) of a header and rows, every cell through csvCell. */
export function csvOf(header: string[], rows: (string | number | boolean | null)[][]): string {
  return stringify([header, ...rows.map((row) => row.map(csvCell))], {
    record_delimiter: 'windows',
  });
}

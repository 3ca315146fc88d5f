import { parse } from 'csv-parse/sync';
import { labelProblem } from '../access-points/dto/device-label.dto';
import { normaliseMac } from '../common/mac/mac';

/** The most rows one sheet labels (a bulk request's limit). */
export const MAX_SHEET_ROWS = 10_000;

/** One row of a label sheet: a device (its MAC, normalised) and its new label (null clears it). */
export interface LabelRow {
  mac: string;
  label: string | null;
}

/**
 * Reads a sheet of labels, as a spreadsheet exports it (CSV): one device a row, its MAC in any
 * form then its label, an empty label clearing it; a first row `mac,label` (any case) is a
 * header; spaces around either are dropped, as a spreadsheet's cells often carry them; a label
 * with a comma is quoted. Every problem is named by its row (from 1, as a spreadsheet numbers
 * them), all of them at once, so that one correction fixes the sheet.
 */
export function labelSheet(text: string): { rows: LabelRow[] } | { problems: string[] } {
  let records: string[][];
  try {
    records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      problems: [`The sheet is not CSV${line ? ` (row ${line})` : ''}: check its quotes.`],
    };
  }
  const start =
    /^mac/i.test(records[0]?.[0] ?? '') && /^label$/i.test(records[0]?.[1] ?? '') ? 1 : 0;
  const problems: string[] = [];
  const rows: LabelRow[] = [];
  const seen = new Map<string, number>();
  records.slice(start).forEach((record, k) => {
    const row = k + start + 1;
    const [macText = '', labelText = '', ...rest] = record;
    const mac = normaliseMac(macText);
    if (rest.some((cell) => cell !== '')) {
      problems.push(`Row ${row}: has more than a MAC and a label (quote a label with a comma).`);
      return;
    }
    if (mac === null) {
      problems.push(`Row ${row}: “${macText}” is not a MAC address.`);
      return;
    }
    const label = labelText === '' ? null : labelText;
    const problem = labelProblem(label);
    if (problem !== null) {
      problems.push(`Row ${row}: ${problem}.`);
      return;
    }
    const earlier = seen.get(mac);
    if (earlier !== undefined) {
      problems.push(`Row ${row}: ${mac} is labelled on row ${earlier} already.`);
      return;
    }
    seen.set(mac, row);
    rows.push({ mac, label });
  });
  if (rows.length + problems.length === 0) {
    return { problems: ['The sheet has no device: one a row, its MAC then its label.'] };
  }
  if (rows.length > MAX_SHEET_ROWS) {
    return { problems: [`A sheet labels at most ${MAX_SHEET_ROWS} devices.`] };
  }
  return problems.length > 0 ? { problems } : { rows };
}

/**
 * A search for devices by name or MAC: the device list of the console and the device
 * picker of the upgrade form. One rule, here beside the devices table it reads.
 */
export interface DeviceSearch {
  /** Matched against the name, case-insensitively, anywhere in it. */
  text: string;
  /** Upper-case hex digits with the separators removed, when the text can be part of a MAC. */
  macDigits: string | null;
}

/** The search of a text: the name text, and the MAC digits when it can be part of a MAC. */
export function deviceSearch(q: string): DeviceSearch {
  const digits = q.replace(/[:.\-\s]/g, '').toUpperCase();
  return { text: q, macDigits: /^[0-9A-F]{1,12}$/.test(digits) ? digits : null };
}

/** LIKE pattern of a literal text (`%`, `_` and `\` escaped with `\`). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The SQL condition of a search on the devices table under `alias`, with its parameters (named
 * `searchName` and `searchMac`): the name contains the text, or the MAC (stored `AA:BB:…`)
 * contains the digits in any form the search was typed.
 */
export function deviceSearchCondition(
  alias: string,
  search: DeviceSearch,
): { condition: string; parameters: Record<string, string> } {
  const byName = `LOWER(COALESCE(${alias}.name, '')) LIKE :searchName ESCAPE '\\'`;
  return {
    condition:
      search.macDigits === null
        ? byName
        : `(${byName} OR REPLACE(${alias}.mac_id, ':', '') LIKE :searchMac)`,
    parameters: {
      searchName: containing(search.text.toLowerCase()),
      searchMac: `%${search.macDigits ?? ''}%`,
    },
  };
}

/**
 * The same condition for a statement written by hand: `param` binds a value and returns its mark
 * (SqlBuilder.param).
 */
export function deviceSearchSql(
  alias: string,
  search: DeviceSearch,
  param: (value: string) => string,
): string {
  const byName = `LOWER(COALESCE(${alias}."name", '')) LIKE ${param(containing(search.text.toLowerCase()))} ESCAPE '\\'`;
  return search.macDigits === null
    ? byName
    : `(${byName} OR REPLACE(${alias}."mac_id", ':', '') LIKE ${param(`%${search.macDigits}%`)})`;
}

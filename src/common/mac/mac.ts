/**
 * MAC identifiers: stored upper-case with colon-separated pairs; accepted as
 * `aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF` or `aabbccddeeff`.
 */
const HEX12 = /^[0-9A-F]{12}$/;
/** Six pairs of hex digits joined by `:`, either case: the stored form once upper-cased. */
const COLON_PAIRS = /^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}$/;

/** The stored form of a MAC, or null when it is not 12 hex digits after removing `:` and `-`. */
export function normaliseMac(input: string): string | null {
  // The form devices and clients mostly send: no need to take it apart (check-ins list many).
  if (COLON_PAIRS.test(input)) {
    return input.toUpperCase();
  }
  const hex = input.trim().replace(/[:-]/g, '').toUpperCase();
  if (!HEX12.test(hex)) {
    return null;
  }
  return hex.match(/.{2}/g)!.join(':');
}

/** Splits a comma-separated list, trimming entries and dropping empty ones. */
export function splitList(csv: string | null | undefined): string[] {
  return (csv ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export interface ParsedMacs {
  /** Distinct well-formed MACs in stored form, in request order. */
  valid: string[];
  /** Entries that are not MACs, as given. */
  invalid: string[];
}

/** Parses MAC entries (a comma list or an array), normalising and de-duplicating them. */
export function parseMacs(input: string | string[] | null | undefined): ParsedMacs {
  const entries = Array.isArray(input)
    ? input
        .map(String)
        .map((s) => s.trim())
        .filter(Boolean)
    : splitList(input);
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const entry of entries) {
    const mac = normaliseMac(entry);
    if (mac) {
      valid.add(mac);
    } else {
      invalid.push(entry);
    }
  }
  return { valid: [...valid], invalid };
}

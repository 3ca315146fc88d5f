/** The deepest JSON a body may be; the outermost array or object is level 1. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests arrays and objects deeper than `max` levels. One pass over the text,
 * no recursion and no parsing, so it is safe on any input (brackets inside strings are
 * skipped). Malformed text is left to the JSON parser.
 */
export function jsonDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  // Text with at most `max` opening brackets cannot nest deeper (a check-in's list of stations
  // has a few dozen): counted by the engine's string search, not a loop over every character.
  if (openingsAtMost(text, max)) {
    return false;
  }
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        i++;
      } else if (c === QUOTE) {
        inString = false;
      }
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > max) {
        return true;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** Whether the text holds at most `max` of `{` and `[` together, in strings or not. */
function openingsAtMost(text: string, max: number): boolean {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let i = text.indexOf(bracket); i !== -1; i = text.indexOf(bracket, i + 1)) {
      if (++count > max) {
        return false;
      }
    }
  }
  return true;
}

import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import * as ts from 'typescript';
import { brokenReason } from '../scripts/check-doc-links';

/**
 * Comments explain their rules in their own words. The documents the service was built from and
 * the issue tracker are not in the repository, so a comment or a test title (of src/, test/,
 * bench/ or scripts/) that cites them (a document's name in capitals, with or without a section,
 * or an issue's number) sends its reader nowhere: say the rule, or point to docs/ or the OpenAPI
 * document. Only comments (of TypeScript, the console's script, its stylesheet and its templates)
 * and the titles of describe/it/test/onBothDatabases are read, so a string the code uses (an
 * alert's number in an e-mail) is not one. The OpenAPI document (openapi.json, generated from the
 * code's decorators) is what API users read: none of its strings cites either, and each guide it
 * names (`docs/<guide>.md#<heading>`) exists, with that heading.
 */
const ROOT = join(__dirname, '..');
const FOLDERS = ['src', 'test', 'bench', 'scripts'];

/** A document outside the repository, named as a whole word in capitals (`.md` or not). */
const DOCUMENT = /\b(?:SPEC|CONTRACT|DEVICES|OPERATIONS|CLIENTS|CHANGES|TEAMS)(?:\.md)?\b/;
/** An issue number, after the word issue or a `#` that starts a word. */
const ISSUE = /\bissues? +#?\d+|(?:^|[\s(])#\d+\b/i;

export function citations(text: string): string[] {
  return [DOCUMENT, ISSUE].flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [match[0].trim()] : [];
  });
}

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

const TEST_CALL =
  /^(?:describe|it|test|onBothDatabases)(?:\.(?:each|only|skip|concurrent|todo)\b.*)?$/s;

/** Strings, template parts and regular expressions: where a // or a /* is no comment. */
const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

/** The comments of a TypeScript or JavaScript file, and its test titles. */
function scriptTexts(path: string, text: string): { line: number; text: string }[] {
  const kind = path.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const literals: [number, number][] = [];
  const titles: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (LITERALS.has(node.kind)) {
      literals.push([node.getStart(source), node.getEnd()]);
    }
    if (ts.isCallExpression(node) && TEST_CALL.test(callee(node.expression, source))) {
      const [title] = node.arguments;
      if (title && ts.isStringLiteralLike(title)) {
        titles.push({ line: lineOf(text, title.getStart(source)), text: title.text });
      } else if (title && ts.isTemplateExpression(title)) {
        titles.push({ line: lineOf(text, title.getStart(source)), text: title.getText(source) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // With every literal blanked out, what starts with // or /* is a comment.
  const pieces: string[] = [];
  let at = 0;
  for (const [start, end] of literals.sort((a, b) => a[0] - b[0])) {
    if (start >= at) {
      pieces.push(text.slice(at, start), text.slice(start, end).replace(/[^\n]/g, ' '));
      at = end;
    }
  }
  const code = pieces.join('') + text.slice(at);
  return [...patternTexts(code, /\/\*[\s\S]*?\*\/|\/\/.*/g), ...titles];
}

/** `describe`, `it.each([...])`: the called name, with `.each(…)` calls seen through. */
function callee(expression: ts.Expression, source: ts.SourceFile): string {
  return ts.isCallExpression(expression)
    ? callee(expression.expression, source)
    : expression.getText(source);
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** What a pattern finds in a text (comments), each with its 1-based line. */
function patternTexts(text: string, pattern: RegExp): { line: number; text: string }[] {
  return [...text.matchAll(pattern)].map((match) => ({
    line: lineOf(text, match.index),
    text: match[0],
  }));
}

function textsOf(path: string): { line: number; text: string }[] {
  const text = readFileSync(path, 'utf8');
  if (citations(text).length === 0) {
    return []; // nothing that looks like a citation anywhere: no need to parse
  }
  switch (extname(path)) {
    case '.ts':
    case '.js':
      return scriptTexts(path, text);
    case '.css':
      return patternTexts(text, /\/\*[\s\S]*?\*\//g);
    case '.hbs':
      return patternTexts(text, /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}|<!--[\s\S]*?-->/g);
    default:
      return [];
  }
}

/**
 * A citation put together from its parts, so that the examples below are citations when the
 * spec runs while this file, which holds only their parts, cites nothing.
 */
const citation = (...parts: string[]): string => parts.join('');

describe('comments cite no document outside the repository', () => {
  it('finds the forms a citation takes, and not what only looks like one', () => {
    for (const cited of [
      citation('the check-in (', 'DEVICES', ' 3)'),
      citation('OPERATIONS', ' §5: retried'),
      citation('as ', 'SPEC', '.md 3.2 says'),
      citation('SPEC', "'s messages"),
      citation('CONTRACT', ' 8 and 9'),
      citation('issue', ' 29'),
      citation('issue', " 27's pages"),
      citation('Issue', ' 14: worker processes'),
      'see #27',
      '(#4)',
    ]) {
      expect(citations(cited)).not.toEqual([]);
    }
    for (const clean of [
      '404 1001 when it is not one the caller may read',
      'SPECIAL devices, DEVICES_MAX, the spec file, the contract of a port',
      'a `#main` selector, `a#b`, `&#39;` and `[#4]`',
      'issues with the network',
      'the 2nd issue',
    ]) {
      expect(citations(clean)).toEqual([]);
    }
  });

  it('holds for every comment and test title of src/, test/, bench/ and scripts/', () => {
    const found = FOLDERS.flatMap((folder) => files(join(ROOT, folder))).flatMap((path) =>
      textsOf(path).flatMap(({ line, text }) =>
        citations(text).map((cited) => `${relative(ROOT, path)}:${line}: ${cited}`),
      ),
    );
    expect(found).toEqual([]);
  });
});

/** Every string of a JSON value, keys included, each with its JSON pointer. */
export function jsonTexts(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') {
    return [{ at, text: value }];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => jsonTexts(item, `${at}/${index}`));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => {
      const path = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      return [{ at: path, text: key }, ...jsonTexts(item, path)];
    });
  }
  return [];
}

/** The guides a text points to: `docs/<guide>.md`, with a `#<heading>` or not. */
export const guideLinks = (text: string): string[] =>
  text.match(/\bdocs\/[\w.-]+\.md(?:#[\w-]+)?/g) ?? [];

describe('the OpenAPI document cites no document outside the repository', () => {
  const OPENAPI = join(ROOT, 'openapi.json');

  it('reads every string of a document, keys included, and the guides they name', () => {
    const xIssue = citation('x-', 'issue', ' 3');
    const texts = jsonTexts({
      tags: [{ name: 'a', description: 'Paginated (docs/api.md#answers)' }],
      paths: {
        '/v1/x': { get: { summary: citation('As ', 'CONTRACT', ' 6 says'), [xIssue]: true } },
      },
    });
    expect(
      texts.flatMap(({ at, text }) => citations(text).map((cited) => `${at}: ${cited}`)),
    ).toEqual([
      citation('/paths/~1v1~1x/get/summary: ', 'CONTRACT'),
      citation('/paths/~1v1~1x/get/', xIssue, ': ', xIssue.slice(2)),
    ]);
    expect(texts.flatMap(({ text }) => guideLinks(text))).toEqual(['docs/api.md#answers']);
    expect(brokenReason(OPENAPI, 'docs/api.md#no-such-heading')).toBe(
      'no heading with the anchor #no-such-heading',
    );
  });

  it('holds for openapi.json: no citation, and every guide it names exists with its heading', () => {
    const texts = jsonTexts(JSON.parse(readFileSync(OPENAPI, 'utf8')));
    expect(
      texts.flatMap(({ at, text }) => citations(text).map((cited) => `${at}: ${cited}`)),
    ).toEqual([]);
    const links = texts.flatMap(({ at, text }) => guideLinks(text).map((link) => ({ at, link })));
    expect(links.length).toBeGreaterThan(0);
    expect(
      links.flatMap(({ at, link }) => {
        const reason = brokenReason(OPENAPI, link);
        return reason === undefined ? [] : [`${at}: ${link} (${reason})`];
      }),
    ).toEqual([]);
  });
});

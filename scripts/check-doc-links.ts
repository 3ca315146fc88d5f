/**
 * `npm run docs:links` (part of `npm run lint`): every relative link and image of README.md,
 * ARCHITECTURE.md and docs/*.md must name a file or folder of the repository, and every `#anchor`
 * one of the target page's headings (as GitHub makes their anchors). Links with a scheme (https:,
 * mailto:) are not fetched. Prints each broken link as `file:line: target (why)` and exits 1 when
 * there is one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A link or image target found in a Markdown file, with its 1-based line. */
export interface LinkTarget {
  target: string;
  line: number;
}

/** The text without its fenced code blocks (a `# comment` in a shell block is no heading). */
function withoutCodeBlocks(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  return lines
    .map((line) => {
      const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (fence === undefined && opening) {
        fence = opening[1];
        return '';
      }
      if (fence !== undefined) {
        if (new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(line)) {
          fence = undefined;
        }
        return '';
      }
      return line;
    })
    .join('\n');
}

/**
 * The text with its code blanked out (fenced blocks and inline code spans), keeping line breaks,
 * so that a link shown as code is not checked and line numbers stay true.
 */
export function withoutCode(markdown: string): string {
  // inline code: a run of backticks up to the same run (may span lines within a paragraph)
  return withoutCodeBlocks(markdown).replace(/(`+)[\s\S]*?\1/g, (code) =>
    code.replace(/[^\n]/g, ' '),
  );
}

/** The targets of the links, images, reference definitions and HTML src/href of a Markdown text. */
export function linkTargets(markdown: string): LinkTarget[] {
  const text = withoutCode(markdown);
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const found: LinkTarget[] = [];
  const patterns = [
    // [text](target "title") and ![alt](target): the target up to a space or the closing ")"
    /!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g,
    // [label]: target
    /^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm,
    // <img src="…">, <a href="…">
    /<(?:img|a|source)\b[^>]*?\s(?:src|href)\s*=\s*["']([^"']*)["']/gi,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const target = match[1].replace(/^<(.*)>$/, '$1');
      found.push({ target, line: lineAt(match.index) });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The anchor GitHub gives a heading's text (before numbering duplicates). */
export function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text
    .replace(/<[^>]+>/g, '') // HTML tags
    .replace(/[`*~]/g, ''); // code and emphasis marks (GitHub keeps `_`)
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown text offers: its headings' slugs (duplicates numbered) and HTML ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = withoutCodeBlocks(markdown);
  for (const match of text.matchAll(/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const slug = headingSlug(match[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/<[^>]+\s(?:id|name)\s*=\s*["']([^"']+)["']/g)) {
    anchors.add(match[1]);
  }
  return anchors;
}

const hasScheme = (target: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/**
 * Why a link of `file` (an absolute path) is broken, or undefined when it resolves. `read` reads a
 * Markdown file that a `#anchor` points into.
 */
export function brokenReason(
  file: string,
  target: string,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): string | undefined {
  if (target === '') {
    return 'empty link';
  }
  if (hasScheme(target)) {
    return undefined;
  }
  const hash = target.indexOf('#');
  const pathPart = decodeURI(hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  if (pathPart.startsWith('/')) {
    return 'an absolute path: write it relative to this file';
  }
  const path = pathPart === '' ? file : resolve(dirname(file), pathPart);
  if (!existsSync(path)) {
    return 'no such file';
  }
  if (anchor !== undefined && anchor !== '' && /\.md$/i.test(path) && statSync(path).isFile()) {
    if (!anchorsOf(read(path)).has(anchor)) {
      return `no heading with the anchor #${anchor}`;
    }
  }
  return undefined;
}

/** The Markdown files checked: README.md, ARCHITECTURE.md (if any) and docs/*.md of `root`. */
export function documentationFiles(root: string): string[] {
  const docs = join(root, 'docs');
  const guides = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => join(docs, name))
    : [];
  const architecture = join(root, 'ARCHITECTURE.md');
  return [join(root, 'README.md'), ...(existsSync(architecture) ? [architecture] : []), ...guides];
}

/** Every broken link of the documentation under `root`, as `file:line: target (why)`. */
export function brokenLinks(root: string): string[] {
  const problems: string[] = [];
  for (const file of documentationFiles(root)) {
    for (const { target, line } of linkTargets(readFileSync(file, 'utf8'))) {
      const reason = brokenReason(file, target);
      if (reason !== undefined) {
        problems.push(`${relative(root, file)}:${line}: ${target} (${reason})`);
      }
    }
  }
  return problems;
}

if (require.main === module) {
  const problems = brokenLinks(join(__dirname, '..'));
  for (const problem of problems) {
    process.stderr.write(`${problem}\n`);
  }
  if (problems.length > 0) {
    process.stderr.write(`${problems.length} broken link(s) in the documentation\n`);
    process.exit(1);
  }
}

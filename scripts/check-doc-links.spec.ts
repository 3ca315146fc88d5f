import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anchorsOf, brokenLinks, brokenReason, headingSlug, linkTargets } from './check-doc-links';

describe('the documentation link check', () => {
  it('finds links, images, reference definitions and HTML targets with their lines', () => {
    const markdown = [
      '# Title',
      'See [the guide](docs/guide.md) and ![a picture](docs/a.png "its title").',
      '[ref]: ../other.md#part',
      '<img src="docs/b.png" alt=""> and [spaced](<docs/a b.md>)',
      'A [link](https://example.com) and [a paren](x_(y).md).',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual([
      { target: 'docs/guide.md', line: 2 },
      { target: 'docs/a.png', line: 2 },
      { target: '../other.md#part', line: 3 },
      { target: 'docs/a b.md', line: 4 },
      { target: 'docs/b.png', line: 4 },
      { target: 'https://example.com', line: 5 },
      { target: 'x_(y).md', line: 5 },
    ]);
  });

  it('ignores what is shown as code: fenced blocks and inline spans', () => {
    const markdown = [
      'Write `[x](missing.md)` like this:',
      '```md',
      '[y](missing.md)',
      '```',
      '~~~',
      '[z](missing.md)',
      '~~~',
      'and [real](real.md).',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual([{ target: 'real.md', line: 8 }]);
  });

  it("makes headings' anchors as GitHub does", () => {
    expect(headingSlug('Getting a token')).toBe('getting-a-token');
    expect(headingSlug('`GET /v1/events`: the feed')).toBe('get-v1events-the-feed');
    expect(headingSlug('Alerts (and e-mails), 2026-11-28')).toBe('alerts-and-e-mails-2026-11-28');
    expect(headingSlug('[Webhooks](webhooks.md) & signing')).toBe('webhooks--signing');
    expect(headingSlug('snake_case stays')).toBe('snake_case-stays');
    const anchors = anchorsOf(
      ['## Results', '### Results', '```sh', '# not a heading', '```', '<a id="here"></a>'].join(
        '\n',
      ),
    );
    expect([...anchors]).toEqual(['results', 'results-1', 'here']);
  });

  it('says why a target does not resolve', () => {
    const root = mkdtempSync(join(tmpdir(), 'airfleet-links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), '# Airfleet\n## Quick start\n');
    writeFileSync(join(root, 'docs', 'guide.md'), '# Guide\n');
    const readme = join(root, 'README.md');
    const guide = join(root, 'docs', 'guide.md');
    expect(brokenReason(readme, 'docs/guide.md')).toBeUndefined();
    expect(brokenReason(readme, 'docs')).toBeUndefined();
    expect(brokenReason(guide, '../README.md#quick-start')).toBeUndefined();
    expect(brokenReason(readme, '#airfleet')).toBeUndefined();
    expect(brokenReason(readme, 'https://example.com/nothing.md')).toBeUndefined();
    expect(brokenReason(readme, 'mailto:noc@example.com')).toBeUndefined();
    expect(brokenReason(readme, 'docs/missing.md')).toBe('no such file');
    expect(brokenReason(guide, 'guide.md#nowhere')).toBe('no heading with the anchor #nowhere');
    expect(brokenReason(readme, '#quick-start-1')).toBe(
      'no heading with the anchor #quick-start-1',
    );
    expect(brokenReason(readme, '/docs/guide.md')).toBe(
      'an absolute path: write it relative to this file',
    );
    expect(brokenReason(readme, '')).toBe('empty link');
  });

  it('checks README.md, ARCHITECTURE.md and every docs/*.md, naming file and line', () => {
    const root = mkdtempSync(join(tmpdir(), 'airfleet-links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), '# A\n\n[ok](docs/b.md) [gone](docs/c.md)\n');
    writeFileSync(join(root, 'ARCHITECTURE.md'), '# Map\n[guide](docs/b.md#c)\n');
    writeFileSync(join(root, 'docs', 'b.md'), '# B\n[back](../README.md#b)\n');
    writeFileSync(join(root, 'docs', 'notes.txt'), '[not checked](nowhere.md)\n');
    expect(brokenLinks(root)).toEqual([
      'README.md:3: docs/c.md (no such file)',
      'ARCHITECTURE.md:2: docs/b.md#c (no heading with the anchor #c)',
      'docs/b.md:2: ../README.md#b (no heading with the anchor #b)',
    ]);
  });
});

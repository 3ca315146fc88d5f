import { answerMismatches, markedBlocks } from './doc-blocks';

describe('the marked blocks of the documentation', () => {
  const page = [
    '# Start',
    '<!-- first-steps: start -->',
    '```sh',
    'npm start',
    '```',
    'Not marked:',
    '```sh',
    'rm -rf /',
    '```',
    '<!-- first-steps -->',
    '',
    '```sh',
    'curl -s localhost:3000/health',
    '```',
    '<!-- first-steps: answer -->',
    '```json',
    '{"status": "ok"}',
    '```',
    '<!-- other-tag -->',
    '```sh',
    'echo other',
    '```',
    '<!-- first-steps -->',
    '````sh',
    'cat <<X',
    '```',
    'X',
    '````',
  ].join('\n');

  it('finds the start and run blocks in order, each with the answer shown under it', () => {
    expect(markedBlocks(page, 'first-steps')).toEqual([
      { kind: 'start', code: 'npm start', line: 2 },
      { kind: 'run', code: 'curl -s localhost:3000/health', line: 10, answer: { status: 'ok' } },
      { kind: 'run', code: 'cat <<X\n```\nX', line: 23 },
    ]);
    expect(markedBlocks(page, 'other-tag')).toEqual([
      { kind: 'run', code: 'echo other', line: 19 },
    ]);
  });

  it('refuses markers that drifted from their blocks', () => {
    expect(() => markedBlocks('<!-- t -->\ntext\n', 't', 'a.md')).toThrow(
      'a.md:1: the <!-- t --> marker is not followed by a fenced block',
    );
    expect(() => markedBlocks('<!-- t: answer -->\n```json\n{}\n```\n', 't', 'a.md')).toThrow(
      'a.md:1: an answer must follow a run block that has none yet',
    );
    expect(() =>
      markedBlocks('<!-- t -->\n```sh\nx\n```\n<!-- t: answer -->\n```json\n{x\n```\n', 't'),
    ).toThrow(/markdown:5: the answer is not JSON/);
    expect(() => markedBlocks('<!-- t: later -->\n```sh\nx\n```\n', 't')).toThrow(
      'markdown:1: unknown marker kind "later"',
    );
  });
});

describe('an answer shown on a page against what the command printed', () => {
  it('matches the keys shown, array items one by one, and varying values by their type', () => {
    const printed = {
      data: {
        id: 2,
        created_at: '2030-01-01T10:00:00.000Z',
        token: 'af_abc',
        config: { revision: 'a1', applied_revision: null },
        items: [{ id: 1, extra: true }],
        seen: '2030-01-02T00:00:00Z',
      },
      status: 200,
    };
    const shown = {
      data: {
        id: 2,
        created_at: '2026-12-01T21:54:39.000Z',
        token: 'af_xyz',
        config: { revision: 'ff', applied_revision: null },
        items: [{ id: 1 }],
        seen: '2026-12-01T21:54:39.020Z',
      },
    };
    expect(answerMismatches(printed, shown)).toEqual([]);
  });

  it('names each difference by its path', () => {
    expect(
      answerMismatches(
        { data: { id: 3, items: [1, 2], name: 'HQ', token: null }, status: 404 },
        { data: { id: 2, items: [1], gone: 1, token: 'af_x' }, status: 200 },
      ),
    ).toEqual([
      '$.data.id: 3 where the page shows 2',
      '$.data.items: 2 items where the page shows 1',
      '$.data.gone: missing',
      '$.data.token: null where the page shows "af_x"',
      '$.status: 404 where the page shows 200',
    ]);
    expect(answerMismatches('x', { a: 1 })).toEqual(['$: "x" where the page shows {"a":1}']);
  });
});

import { StatementNames } from './statement-cache';

describe('StatementNames', () => {
  it('names each text once and gives the same name back while it is kept', () => {
    const names = new StatementNames(3);
    expect(names.nameFor('SELECT $1')).toEqual({ name: 's0' });
    expect(names.nameFor('SELECT $2')).toEqual({ name: 's1' });
    expect(names.nameFor('SELECT $1')).toEqual({ name: 's0' });
    expect(names.count).toBe(2);
  });

  it('pushes out the least recently used text past its size, and names it anew if it comes back', () => {
    const names = new StatementNames(2);
    names.nameFor('a');
    names.nameFor('b');
    names.nameFor('a'); // b is now the least recently used
    expect(names.nameFor('c')).toEqual({ name: 's2', evicted: 's1' });
    expect(names.count).toBe(2);
    expect(names.nameFor('a')).toEqual({ name: 's0' });
    // b was pushed out: a new name, never the one the server may still hold for it.
    expect(names.nameFor('b')).toEqual({ name: 's3', evicted: 's2' });
  });

  it('keeps one statement with a size of 1', () => {
    const names = new StatementNames(1);
    expect(names.nameFor('a')).toEqual({ name: 's0' });
    expect(names.nameFor('b')).toEqual({ name: 's1', evicted: 's0' });
    expect(names.nameFor('b')).toEqual({ name: 's1' });
  });
});

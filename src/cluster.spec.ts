import { processCount } from './cluster';
import { loadAppConfig } from './config/app-config';

describe('processCount (WEB_CONCURRENCY)', () => {
  it('forks WEB_CONCURRENCY workers on PostgreSQL', () => {
    const said: string[] = [];
    const config = loadAppConfig({ DATABASE_URL: 'postgres://u@h:5432/db', WEB_CONCURRENCY: '3' });
    expect(processCount(config, (line) => said.push(line))).toBe(3);
    expect(said).toEqual([]);
  });

  it('keeps SQLite in one process, saying so in one line', () => {
    const said: string[] = [];
    expect(processCount(loadAppConfig({ WEB_CONCURRENCY: '2' }), (line) => said.push(line))).toBe(
      1,
    );
    expect(said).toEqual([
      'WEB_CONCURRENCY=2 ignored: SQLite is served by one process (set DATABASE_URL to run several workers on PostgreSQL)',
    ]);
    expect(processCount(loadAppConfig({}), (line) => said.push(line))).toBe(1);
    expect(said).toHaveLength(1);
  });
});

import { nestLevel } from './app-logger';
import { logFormat } from './logger-options';

describe('the log format: JSON lines unless standard output is a terminal', () => {
  it('is pretty on a terminal and JSON lines on anything else', () => {
    expect(logFormat({ isTTY: true })).toBe('pretty');
    expect(logFormat({ isTTY: false })).toBe('json');
    // a pipe or a file: Node leaves isTTY undefined
    expect(logFormat({})).toBe('json');
  });
});

describe('the level of a line of Nest’s', () => {
  it('puts Nest’s start-up inventory (modules, controllers, routes) at debug', () => {
    expect(nestLevel('info', 'RouterExplorer')).toBe('debug');
    expect(nestLevel('info', 'RoutesResolver')).toBe('debug');
    expect(nestLevel('info', 'InstanceLoader')).toBe('debug');
  });

  it('keeps every other line at its level', () => {
    expect(nestLevel('info', 'NestApplication')).toBe('info');
    expect(nestLevel('warn', 'RouterExplorer')).toBe('warn');
    expect(nestLevel('info', undefined)).toBe('info');
  });
});

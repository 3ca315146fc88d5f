/** Adds `env` to process.env; the returned function puts every changed variable back. */
export function setEnv(env: Record<string, string>): () => void {
  const saved = new Map(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  return () => {
    for (const [key, value] of saved) {
      if (value === undefined) {
        delete process.env[key];
      } else {
        process.env[key] = value;
      }
    }
  };
}

/**
 * Collects what is written on stdout and stderr while `work` runs (in-process CLI and start-up
 * tests), instead of letting it reach the terminal.
 */
export async function captureOutput<T>(
  work: () => Promise<T>,
): Promise<{ result: T; stdout: string; stderr: string }> {
  const output = { stdout: '', stderr: '' };
  const capture = (stream: 'stdout' | 'stderr') =>
    jest.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      output[stream] += chunk.toString();
      return true;
    });
  const spies = [capture('stdout'), capture('stderr')];
  try {
    return { result: await work(), ...output };
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
}

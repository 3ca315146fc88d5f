/**
 * HTTP tests only (jest.config.js, e2e project): the password check remembers its answer for a
 * (password, stored hash) pair it has already computed in this test file. verifyPassword is a pure
 * function of the two, so every answer is the one the real scrypt gives, and the first check of
 * each pair still runs it; the sign-in code around it is unchanged. Sign-ins with the fixture
 * password (test/harness/web-session.ts, one committed hash) and the failed-sign-in series of the
 * rate-limit tests would otherwise cost a full N = 2^17 scrypt each (about 0.3 s of CPU, 128 MiB).
 * The real cost and every hash format stay covered by src/users/password.spec.ts, which runs
 * unmemoised in the unit project.
 */
jest.mock('../../src/users/password', () => {
  const actual = jest.requireActual<typeof import('../../src/users/password')>(
    '../../src/users/password',
  );
  const answers = new Map<string, Promise<boolean>>();
  return {
    ...actual,
    verifyPassword(password: string, stored: string | null): Promise<boolean> {
      const key = JSON.stringify([password, stored]);
      let answer = answers.get(key);
      if (!answer) {
        answer = actual.verifyPassword(password, stored);
        answers.set(key, answer);
        answer.catch(() => answers.delete(key));
      }
      return answer;
    },
  };
});

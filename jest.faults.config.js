// Fault tests (`npm run test:faults`, run by .ci/run): each starts its own PostgreSQL cluster,
// redis-server or app processes on free ports, breaks them, and cleans up. Not part of `npm test`.
const { projects } = require('./jest.config');

const [unit] = projects;
module.exports = {
  testTimeout: 180000,
  projects: [{ ...unit, displayName: 'faults', testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'] }],
};

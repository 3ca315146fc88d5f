// A small suite run the way `npm test` runs on a machine without a PostgreSQL server: the root
// config's global set-up and teardown start and stop the run's own server
// (test/harness/postgres-server.ts). test/processes/run-postgres.e2e.ts runs it with
// AIRFLEET_TEST_POSTGRES=embedded.
const { join } = require('node:path');
const root = require('../../../jest.config');

const e2e = root.projects.find((project) => project.displayName === 'e2e');
module.exports = {
  rootDir: join(__dirname, '..', '..', '..'),
  globalSetup: root.globalSetup,
  globalTeardown: root.globalTeardown,
  testTimeout: root.testTimeout,
  projects: [
    {
      ...e2e,
      rootDir: join(__dirname, '..', '..', '..'),
      displayName: 'run-postgres',
      testMatch: ['<rootDir>/test/harness/embedded-check/*.check.ts'],
    },
  ],
};

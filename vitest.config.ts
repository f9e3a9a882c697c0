import { defineConfig } from 'vitest/config'

// unit: pure functions. integration: the real dispatcher over HTTP on a real database (SQLite by
// default, PostgreSQL when TEST_DATABASE_URL is set), driven by raw fetch and @gitbeaker/rest.
export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['lib/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/global.ts'],
          setupFiles: ['test/setup/server.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Tests that change instance-wide settings (throttles, admin mode, restrictions) would
        // disturb files running beside them: their own project, one file at a time, run after.
        extends: true,
        test: {
          name: 'integration-serial',
          include: ['test/integration-serial/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/global.ts'],
          setupFiles: ['test/setup/server.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})

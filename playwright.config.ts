import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { SERVER_NODE_FLAGS } from './scripts/server-flags.mjs'

// The e2e suite runs against the production server (`npm start`'s script) on a fresh data directory.
// The port is chosen once per run (workers inherit the variable), so two runs on one machine don't collide.
process.env.E2E_PORT ??= String(3211 + (process.pid % 700))
const port = Number(process.env.E2E_PORT)
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'e2e-data-')))
// The container registry spec starts a docker-registry on this port (e2e/registry.ts); the server
// is told where it will be, as an operator would configure it.
process.env.E2E_REGISTRY_PORT ??= String(port + 700)

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // The flows share one server and some change instance-wide settings (admin mode, terms): one at a
  // time. The console walk only reads, so after them its eight role × width runs take two workers.
  workers: 2,
  projects: [
    { name: 'flows', testIgnore: /console-walk\.spec\.ts/, workers: 1 },
    { name: 'walk', testMatch: /console-walk\.spec\.ts/, dependencies: ['flows'], fullyParallel: true },
  ],
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
      ],
    },
  },
  webServer: {
    command: `node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/-/readiness`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      EXTERNAL_URL: `http://127.0.0.1:${port}`,
      // Must match e2e/helpers.ts.
      INITIAL_ROOT_PASSWORD: 'e2e-root-password-1',
      INITIAL_ROOT_TOKEN: 'glpat-e2e-root-token-000000001',
      NEXT_TELEMETRY_DISABLED: '1',
      LOG_LEVEL: 'warn',
      // Two API processes and the console process, as `npm start` runs on two cores: the flows click
      // through the console at human-impossible speed, each click's request may reach either
      // process, and every page must show the write before it (docs/consistency.md).
      // E2E_WEB_CONCURRENCY=1 runs the suite against one process serving everything.
      WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? '2',
      REGISTRY_API_URL: `http://127.0.0.1:${process.env.E2E_REGISTRY_PORT}`,
    },
  },
})

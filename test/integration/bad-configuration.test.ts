// A variable the server cannot run with stops the start before anything listens, with one line
// naming it (lib/config/variables.ts): the operator reads what to fix, not a stack trace.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

describe('a bad configuration', () => {
  it('stops the server at start with exit code 1 and one line naming each bad variable', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '..', '..', 'lib', 'server', 'main.ts')],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: 'eighty',
          RUNNER_LONG_POLL_SECONDS: '-5',
          API_MOUNT: 'sideways',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    )
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr.trim().split('\n')).toEqual([
      'Configuration: PORT: "eighty" is not a whole number of 0 or more · API_MOUNT: "sideways" is not direct or next · RUNNER_LONG_POLL_SECONDS: "-5" is not a whole number of 0 or more',
    ])
  })
})

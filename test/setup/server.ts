// Per worker: the real dispatcher behind node:http on a loopback port (as `npm start` mounts it).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'
import { resetConfig } from '../../lib/config'
import { flushLog } from '../../lib/runtime/log'
import { handleOutcome } from '../../lib/server/handler'
import { apiListener } from '../../lib/server/node-bridge'
import { processState } from '../../lib/util/process-state'

const g = processState('test.server', () => ({ url: undefined as Promise<string> | undefined }))

async function start(): Promise<string> {
  const server: Server = createServer(
    apiListener(handleOutcome, 'http://127.0.0.1', (err) => console.error('request failed', err)),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  process.env.EXTERNAL_URL = url
  resetConfig()
  return url
}

export const serverUrl = () => (g.url ??= start())
await serverUrl()
// The log is buffered (4 KiB): written out after each file, so the worker's lines are in LOG_FILE
// when test/security/secrets-never-logged.test.ts reads it, even if the worker is killed after.
afterAll(() => flushLog())

// Per worker: the real dispatcher behind node:http on a loopback port (as `npm start` mounts it).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resetConfig } from '../../lib/config'
import { handleRequest } from '../../lib/server/handler'
import { sendWebResponse, toWebRequest } from '../../lib/server/node-bridge'
import { processState } from '../../lib/runtime/state'

const g = processState('test.server', () => ({ url: undefined as Promise<string> | undefined }))

async function start(): Promise<string> {
  const server: Server = createServer((req, res) => {
    void handleRequest(toWebRequest(req, `http://127.0.0.1`), { ip: req.socket.remoteAddress ?? null, textBody: true }).then((r) => sendWebResponse(res, r))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  process.env.EXTERNAL_URL = url
  resetConfig()
  return url
}

export const serverUrl = () => (g.url ??= start())
await serverUrl()

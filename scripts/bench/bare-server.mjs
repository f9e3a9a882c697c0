// The baseline: the cheapest possible node:http JSON answer, with the same keep-alive setting and
// the same body as /-/liveness, so the ratio to it isolates what the app adds per request.
import { createServer } from 'node:http'

const port = Number(process.argv[2] ?? 3900)
const body = JSON.stringify({ status: 'ok' })
const server = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
})
server.keepAliveTimeout = 65_000
server.listen(port, '127.0.0.1')
process.on('SIGTERM', () => process.exit(0))

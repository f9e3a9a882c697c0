// A private PostgreSQL cluster: initdb into a temporary folder, served on a free loopback port, run as
// the postgres user (so the caller must be root). For runs that must neither disturb nor be shaped by
// the machine's shared server: the PostgreSQL-restart fault test stops its server, and the soak needs
// PostgreSQL as it is deployed — the shared CI server runs with autovacuum off
// (/etc/postgresql/15/main/conf.d/90-ci.conf), which no production server does, and 30 minutes of
// create-then-delete without vacuum measure table bloat, not the product.
import { execFileSync } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

const BIN = '/usr/lib/postgresql/15/bin'

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/**
 * Creates and starts a cluster. `settings` are extra `-c name=value` server settings (e.g.
 * `fsync=off` for a test); without them the server runs PostgreSQL's defaults.
 */
export async function privateCluster({ settings = [] } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-private-'))
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres']).toString())
  chownSync(dir, id('-u'), id('-g'))
  const port = await freePort()
  const asPostgres = (cmd, args) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args], { stdio: 'pipe' })
  const pgCtl = (...args) => asPostgres('pg_ctl', ['-D', path.join(dir, 'pg'), '-w', '-t', '60', ...args])
  asPostgres('initdb', ['-D', path.join(dir, 'pg'), '-A', 'trust', '-U', 'postgres'])
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...settings.map((s) => `-c ${s}`)]
  const cluster = {
    dir,
    port,
    log: path.join(dir, 'pg.log'),
    start: () => pgCtl('-l', cluster.log, '-o', options.join(' '), 'start'),
    /** `fast` (a clean shutdown) or `immediate` (as a crash). */
    stop: (mode = 'fast') => pgCtl('-m', mode, 'stop'),
    /**
     * Creates database `name`; returns its URL over loopback TCP, or with `{ socket: true }` over the
     * cluster's Unix-domain socket (how a co-located server is reached, e.g. GitLab Omnibus's default).
     */
    createDatabase: (name, { socket = false } = {}) => {
      asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name])
      return socket
        ? `postgresql://postgres@localhost:${port}/${name}?host=${encodeURIComponent(dir)}`
        : `postgresql://postgres@127.0.0.1:${port}/${name}`
    },
    /** Stops the server however it is and deletes its folder. */
    remove: () => {
      try {
        cluster.stop('immediate')
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
  cluster.start()
  return cluster
}

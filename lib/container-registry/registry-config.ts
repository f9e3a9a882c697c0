// A docker-registry (distribution 2.8) configuration that trusts this server's tokens and, given a
// notifications URL, reports pushes and deletes back to it.
import { randomBytes } from 'node:crypto'
import { stringify } from 'yaml'

export interface RegistryConfigOptions {
  /** `host:port` the registry listens on. */
  addr: string
  /** Where the filesystem driver keeps blobs and manifests. */
  rootDirectory: string
  /** This server's token endpoint (`<EXTERNAL_URL>/jwt/auth`). */
  realm: string
  service?: string
  issuer: string
  /** The certificate of registryKeys(): the registry accepts tokens signed by its key only. */
  certificatePath: string
  notificationsUrl?: string
  notificationSecret?: string
}

export function registryConfigYaml(opts: RegistryConfigOptions): string {
  const doc: Record<string, unknown> = {
    version: 0.1,
    log: { level: 'warn', accesslog: { disabled: true } },
    storage: {
      filesystem: { rootdirectory: opts.rootDirectory },
      delete: { enabled: true },
      // The registry's periodic upload purge would log and race tests; GitLab's registry keeps it off too.
      maintenance: { uploadpurging: { enabled: false } },
    },
    // The secret that signs upload state between requests; without one the registry makes one up at
    // every start (and warns), so uploads in flight across a restart fail.
    http: {
      addr: opts.addr,
      secret: randomBytes(24).toString('hex'),
      headers: { 'X-Content-Type-Options': ['nosniff'] },
    },
    auth: {
      token: {
        realm: opts.realm,
        service: opts.service ?? 'container_registry',
        issuer: opts.issuer,
        rootcertbundle: opts.certificatePath,
      },
    },
    health: { storagedriver: { enabled: false } },
  }
  if (opts.notificationsUrl) {
    doc.notifications = {
      endpoints: [
        {
          name: 'gitlab',
          url: opts.notificationsUrl,
          headers: { Authorization: [opts.notificationSecret ?? ''] },
          timeout: '2s',
          threshold: 5,
          backoff: '1s',
        },
      ],
    }
  }
  return stringify(doc)
}

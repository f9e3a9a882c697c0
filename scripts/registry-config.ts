// Writes a docker-registry configuration that trusts this server's tokens (README, "Container
// registry"): npx tsx scripts/registry-config.ts --addr 127.0.0.1:5000 --root /var/lib/reg --out config.yml
// Run it with the product's environment (DATA_DIR, EXTERNAL_URL, REGISTRY_ISSUER,
// REGISTRY_NOTIFICATION_SECRET): the token certificate is created under $DATA_DIR/registry if missing.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { config } from '../lib/config'
import { registryKeys } from '../lib/container-registry/keys'
import { registryConfigYaml } from '../lib/container-registry/registry-config'

const { values } = parseArgs({
  options: {
    addr: { type: 'string', default: '127.0.0.1:5000' },
    root: { type: 'string' },
    out: { type: 'string', default: 'config.yml' },
  },
})
if (!values.root) {
  console.error(
    'usage: npx tsx scripts/registry-config.ts --addr 127.0.0.1:5000 --root /var/lib/registry [--out config.yml]',
  )
  process.exit(2)
}

const { externalUrl, registryIssuer, registryNotificationSecret } = config()
const { certificatePath } = await registryKeys()
const yaml = registryConfigYaml({
  addr: values.addr,
  rootDirectory: path.resolve(values.root),
  realm: `${externalUrl}/jwt/auth`,
  issuer: registryIssuer,
  certificatePath,
  ...(registryNotificationSecret && {
    notificationsUrl: `${externalUrl}/api/v4/container_registry_event/events`,
    notificationSecret: registryNotificationSecret,
  }),
})
writeFileSync(values.out, yaml)
console.log(`wrote ${values.out} (token certificate ${certificatePath})`)

// SSH keys counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const sshKeyUsageCounts = {
  all: sqlCount('SELECT COUNT("SshKey"."id") AS count FROM "SshKey"'),
}

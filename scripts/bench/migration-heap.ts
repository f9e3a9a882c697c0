// Live heap of a migrating destination, after a full collection every 2 s: what the migration
// keeps, as opposed to peak RSS (which also holds garbage V8 has not collected yet).
// Run against the data a `BENCH_ONLY=migration BENCH_KEEP=1 npm run bench` left behind:
//   (start the source:) DATA_DIR=<kept>/migration-source PORT=3904 node --expose-gc scripts/start.mjs
//   DATA_DIR=<kept>/migration-destination TOKEN=glpat-bench-root-0123456789abcdef \
//     node --expose-gc --import tsx scripts/bench/migration-heap.ts heap-1,heap-2 mig
// Prints one line per sample: destination slug, migration status, entities finished, heap and RSS (MB).
import { publicUser } from '../../lib/auth/authenticate'
import type { Actor } from '../../lib/auth/actor'
import { createMigration, type EntityParams } from '../../lib/bulk-imports/service'
import '../../lib/bulk-imports/run'
import { closeDb, getDb } from '../../lib/db'
import { startQueueWorker, stopQueueWorker } from '../../lib/queue/worker'

const gc = (globalThis as { gc?: () => void }).gc
const MB = (n: number) => Math.round(n / 1e6)

async function main() {
  if (!gc) throw new Error('run with node --expose-gc')
  const [slugs = 'heap-1', sourcePath = 'mig', source = 'http://127.0.0.1:3904'] = process.argv.slice(2)
  const db = await getDb()
  const root = await db.user.findUniqueOrThrow({ where: { usernameLower: 'root' } })
  const actor: Actor = { user: publicUser(root), token: null, via: 'internal' }
  startQueueWorker({ pollMs: 50 })
  for (const slug of slugs.split(',')) {
    const entity = {
      source_type: 'group_entity',
      source_full_path: sourcePath,
      destination_slug: slug,
      destination_namespace: '',
    } as EntityParams
    const m = await createMigration(actor, { url: source, access_token: process.env.TOKEN ?? '' }, [entity])
    for (let status = m.status; status === 0 || status === 1;) {
      await new Promise((r) => setTimeout(r, 2000))
      gc()
      const row = await db.bulkImport.findUniqueOrThrow({ where: { id: m.id } })
      status = row.status
      const finished = await db.bulkImportEntity.count({ where: { bulkImportId: m.id, status: 2 } })
      const mem = process.memoryUsage()
      console.log(
        `${slug} status=${status} entities_finished=${finished} heap_used_mb=${MB(mem.heapUsed)} rss_mb=${MB(mem.rss)}`,
      )
    }
  }
  await stopQueueWorker(1000)
  await closeDb()
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})

// Bench data, written straight into the database before the server starts: 10,000 projects through
// the API would take minutes, and the bench measures reads, not creation.
//   DATA_DIR=<dir> INITIAL_ROOT_TOKEN=<token> npx tsx scripts/bench/seed.ts [count]
// Prints one line `BENCH_SEED {"groupId":…,"projectId":…,"projects":…,"treeGroupId":…,"groups":…}` for scripts/bench.mjs.
import { closeDb, getDb, provider } from '../../lib/db'
import { seedRoot } from '../../lib/server/seed'
import { seedGroupTree } from './seed-groups'

const COUNT = Number(process.argv[2] ?? 10_000)
const BATCH = 1000
const USERS = Number(process.env.BENCH_USERS ?? 1000)
const VISIBILITIES = ['private', 'internal', 'public']
// Access level of a group owner (GitLab's Gitlab::Access::OWNER).
const OWNER = 50

async function main() {
  // getDb() applies the migrations; seedRoot() creates root and its INITIAL_ROOT_TOKEN, as `npm start` would.
  const db = await getDb()
  await seedRoot(() => {})
  const root = await db.user.findUniqueOrThrow({ where: { usernameLower: 'root' } })

  const result = await db.$transaction(
    async (tx) => {
      // Same shape as groups/service.ts createGroup: traversalIds needs the id, so create then update.
      const created = await tx.namespace.create({
        data: {
          kind: 'group',
          name: 'Bench',
          path: 'bench',
          fullPath: 'bench',
          fullPathLower: 'bench',
          fullName: 'Bench',
          traversalIds: '',
          visibility: 'public',
        },
      })
      const group = await tx.namespace.update({ where: { id: created.id }, data: { traversalIds: `${created.id}/` } })
      await tx.member.create({
        data: {
          sourceType: 'Namespace',
          sourceId: group.id,
          userId: root.id,
          accessLevel: OWNER,
          createdById: root.id,
        },
      })

      for (let start = 0; start < COUNT; start += BATCH) {
        const data = []
        for (let i = start; i < Math.min(start + BATCH, COUNT); i++) {
          const path = `project-${String(i).padStart(5, '0')}`
          data.push({
            name: `Project ${i}`,
            path,
            fullPath: `bench/${path}`,
            fullPathLower: `bench/${path}`,
            namespaceId: group.id,
            traversalIds: group.traversalIds,
            creatorId: root.id,
            visibility: VISIBILITIES[i % VISIBILITIES.length],
            description: `Bench project ${i}`,
          })
        }
        await tx.project.createMany({ data })
      }
      // Users for the console's Admin → Users and overview (their namespaces are not needed to list them).
      await tx.user.createMany({
        data: Array.from({ length: USERS }, (_, i) => {
          const username = `bench-user-${String(i).padStart(4, '0')}`
          return {
            username,
            usernameLower: username,
            email: `${username}@example.com`,
            emailLower: `${username}@example.com`,
            name: `Bench User ${i}`,
            external: i % 10 === 0,
          }
        }),
      })
      // A project from the middle of the id range: no first-row or last-row luck.
      const middle = await tx.project.findFirstOrThrow({
        where: { namespaceId: group.id },
        orderBy: { id: 'asc' },
        skip: Math.floor(COUNT / 2),
      })
      const tree = await seedGroupTree(tx)
      const related = await seedRelated(tx, group.id, middle.id, root.id)
      return {
        groupId: group.id,
        projectId: middle.id,
        projectPath: middle.fullPath,
        projects: await tx.project.count(),
        users: await tx.user.count(),
        ...tree,
        ...related,
      }
    },
    { timeout: 120_000 },
  )
  // A bulk load leaves PostgreSQL without statistics until autovacuum's next pass: measured right
  // away, the member group list planned a sort of 10,000 rows (16 ms) instead of walking the
  // (kind, name, id) index (0.08 ms). A real instance has been analyzed; so is the bench's.
  if (provider() === 'postgresql') await db.$executeRawUnsafe('ANALYZE')
  console.log(`BENCH_SEED ${JSON.stringify(result)}`)
  await closeDb()
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['$transaction']>[0]>[0]
const RELATED = 100

/**
 * What the per-domain scenarios read (issue 18: every read and first page of every list): members
 * of the bench group, and schedules, pipelines of the middle project, instance runners, bulk imports
 * (100 each). Snippets go through the API after start (scripts/bench.mjs): they have a repository.
 */
async function seedRelated(tx: Tx, groupId: number, projectId: number, rootId: number) {
  const users = await tx.user.findMany({
    where: { usernameLower: { startsWith: 'bench-user-' } },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: RELATED,
  })
  await tx.member.createMany({
    data: users.map((u) => ({
      sourceType: 'Namespace',
      sourceId: groupId,
      userId: u.id,
      accessLevel: 30,
      createdById: rootId,
    })),
  })
  // Next run on the coming 1 January: the scheduler must not fire them during the bench.
  const nextRunAt = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1))
  await tx.pipelineSchedule.createMany({
    data: Array.from({ length: RELATED }, (_, i) => ({
      projectId,
      description: `bench schedule ${i}`,
      ref: 'main',
      cron: '0 0 1 1 *',
      cronTimezone: 'UTC',
      nextRunAt,
      ownerId: rootId,
    })),
  })
  await tx.pipeline.createMany({
    data: Array.from({ length: RELATED }, (_, i) => ({
      iid: i + 1,
      projectId,
      ref: 'main',
      sha: 'a'.repeat(40),
      status: 'success',
      source: 'push',
      userId: rootId,
    })),
  })
  await tx.internalId.create({ data: { usage: 'ci_pipelines', projectId, lastValue: RELATED } })
  await tx.runner.createMany({
    data: Array.from({ length: RELATED }, (_, i) => ({
      runnerType: 'instance_type',
      name: `bench-runner-${i}`,
      tokenDigest: `bench-runner-${i}`,
      creatorId: rootId,
    })),
  })
  await tx.bulkImport.createMany({
    data: Array.from({ length: RELATED }, () => ({
      userId: rootId,
      sourceUrl: 'https://gitlab.example.com',
      tokenEnc: 'bench',
      status: 2,
    })),
  })
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0]!
  return {
    userId: users[Math.floor(users.length / 2)]!.id,
    scheduleId: (
      await first(
        tx.pipelineSchedule.findMany({
          where: { projectId },
          select: { id: true },
          orderBy: { id: 'asc' },
          skip: RELATED / 2,
          take: 1,
        }),
      )
    ).id,
    pipelineId: (
      await first(
        tx.pipeline.findMany({
          where: { projectId },
          select: { id: true },
          orderBy: { id: 'asc' },
          skip: RELATED / 2,
          take: 1,
        }),
      )
    ).id,
    runnerId: (
      await first(tx.runner.findMany({ select: { id: true }, orderBy: { id: 'asc' }, skip: RELATED / 2, take: 1 }))
    ).id,
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})

// Data of the migration bench (issue 13), written before the servers start.
//   DATA_DIR=<dir> INITIAL_ROOT_TOKEN=<token> npx tsx scripts/bench/seed-migration.ts source|destination <tree>:<projects>:<members>:<branches>:<schedules> ...
// Both sides get root (with the token) and the same users, so that members can be matched at the
// destination. The source also gets, per tree, a top group with 4 subgroups holding the projects,
// and spreads members, protected branches and (inactive) schedules evenly over the projects.
// Groups and projects go through the services (their commits, traversal ids and owner rows are what
// the migration reads); the many small rows are bulk-inserted.
// Prints one line `BENCH_MIGRATION_SEED {...}` with what was made.
import { publicUser } from '../../lib/auth/authenticate'
import type { Actor } from '../../lib/auth/actor'
import { closeDb, getDb } from '../../lib/db'
import { seedRoot } from '../../lib/server/seed'
import { createGroup } from '../../lib/groups/service'
import { createProject } from '../../lib/projects/service'
import { commitFiles } from '../../lib/repository-files/service'

const SUBGROUPS = 4
const DEVELOPER = 30
const MAINTAINER = 40
const CI_CONFIG = 'test:\n  script: [echo migrated]\n'

interface Tree {
  path: string
  projects: number
  members: number
  branches: number
  schedules: number
}

const spread = (total: number, parts: number, i: number) => Math.floor(total / parts) + (i < total % parts ? 1 : 0)

async function seedUsers(count: number) {
  const db = await getDb()
  const data = Array.from({ length: count }, (_, i) => {
    const username = `mig-user-${String(i).padStart(4, '0')}`
    return {
      username,
      usernameLower: username,
      email: `${username}@example.com`,
      emailLower: `${username}@example.com`,
      name: `Migration user ${i}`,
      confirmedAt: new Date(),
    }
  })
  await db.user.createMany({ data })
  return (
    await db.user.findMany({
      where: { usernameLower: { startsWith: 'mig-user-' } },
      orderBy: { id: 'asc' },
      select: { id: true },
    })
  ).map((u) => u.id)
}

async function seedTree(actor: Actor, tree: Tree, users: number[]) {
  const db = await getDb()
  const top = await createGroup(actor, {
    name: tree.path,
    path: tree.path,
    visibility: 'private',
    description: `Migration bench tree ${tree.path}`,
  })
  const subgroups = []
  for (let s = 0; s < SUBGROUPS; s++)
    subgroups.push(
      await createGroup(actor, { name: `Sub ${s}`, path: `sub-${s}`, parent_id: top.id, visibility: 'private' }),
    )
  let member = 0
  const projectIds: number[] = []
  for (let i = 0; i < tree.projects; i++) {
    const project = await createProject(actor, {
      name: `Project ${i}`,
      path: `project-${String(i).padStart(3, '0')}`,
      namespace_id: subgroups[i % SUBGROUPS]!.id,
      initialize_with_readme: true,
      description: `Project ${i} of ${tree.path}`,
    })
    await commitFiles(actor, project, {
      branch: 'main',
      message: 'CI',
      actions: [{ action: 'create', path: '.gitlab-ci.yml', content: Buffer.from(CI_CONFIG) }],
    })
    projectIds.push(project.id)
  }
  for (const [i, projectId] of projectIds.entries()) {
    const members = spread(tree.members, projectIds.length, i)
    await db.member.createMany({
      data: Array.from({ length: members }, () => ({
        sourceType: 'Project',
        sourceId: projectId,
        userId: users[member++ % users.length]!,
        accessLevel: DEVELOPER,
      })),
    })
    const branches = spread(tree.branches, projectIds.length, i)
    for (let b = 0; b < branches; b++) {
      await db.protectedBranch.create({
        data: {
          projectId,
          name: b === 0 ? 'main' : `release/${b}`,
          accessLevels: { create: ['push', 'merge', 'unprotect'].map((kind) => ({ kind, accessLevel: MAINTAINER })) },
        },
      })
    }
    const schedules = spread(tree.schedules, projectIds.length, i)
    await db.pipelineSchedule.createMany({
      data: Array.from({ length: schedules }, (_, n) => ({
        projectId,
        description: `Schedule ${n}`,
        ref: 'main',
        cron: `${n % 60} ${n % 24} * * *`,
        nextRunAt: new Date(Date.now() + 86_400_000),
        active: false,
        ownerId: actor.user.id,
      })),
    })
  }
  return {
    tree: tree.path,
    groups: 1 + SUBGROUPS,
    projects: projectIds.length,
    members: tree.members,
    protected_branches: tree.branches,
    schedules: tree.schedules,
  }
}

async function main() {
  const [role, ...specs] = process.argv.slice(2)
  if (role !== 'source' && role !== 'destination')
    throw new Error('usage: seed-migration.ts source|destination tree:projects:members:branches:schedules ...')
  const trees: Tree[] = specs.map((s) => {
    const [path, ...n] = s.split(':')
    const [projects, members, branches, schedules] = n.map(Number)
    return { path: path!, projects: projects!, members: members!, branches: branches!, schedules: schedules! }
  })
  const db = await getDb()
  await seedRoot(() => {})
  const root = await db.user.findUniqueOrThrow({ where: { usernameLower: 'root' } })
  const actor: Actor = { user: publicUser(root), token: null, via: 'internal' }
  const users = await seedUsers(Math.max(...trees.map((t) => t.members), 0))
  const made = []
  if (role === 'source') for (const t of trees) made.push(await seedTree(actor, t, users))
  console.log(`BENCH_MIGRATION_SEED ${JSON.stringify({ role, users: users.length, trees: made })}`)
  await closeDb()
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})

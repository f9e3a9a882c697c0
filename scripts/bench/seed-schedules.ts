// Seeds the scheduler bench: root, one project with a main branch, and N active schedules owned
// by root, all due now. Their cron is yearly, so a second pipeline for one is a real double fire.
import { getDb } from '../../lib/db'
import { seedRoot } from '../../lib/server/seed'
import { createProject } from '../../lib/projects/service'
import { publicUser } from '../../lib/auth/authenticate'

const count = Number(process.argv[2] ?? 10_000)
const db = await getDb()
await seedRoot(() => {})
const root = await db.user.findUniqueOrThrow({ where: { usernameLower: 'root' } })
const project = await createProject(
  { user: publicUser(root), token: null, via: 'internal' },
  { name: 'scheduler-bench', initialize_with_readme: true },
)
const due = new Date(Date.now() - 1000)
for (let i = 0; i < count; i += 1000) {
  await db.pipelineSchedule.createMany({
    data: Array.from({ length: Math.min(1000, count - i) }, (_, k) => ({
      projectId: project.id,
      description: `bench ${i + k}`,
      ref: 'refs/heads/main',
      cron: '0 0 1 1 *',
      cronTimezone: 'UTC',
      nextRunAt: due,
      ownerId: root.id,
    })),
  })
}
console.log(`seeded ${count} schedules`)
process.exit(0)

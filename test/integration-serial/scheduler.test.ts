// The schedule worker fires every due schedule in the database, so it runs in the serial project.
import { describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { runDueSchedules } from '../../lib/pipeline-schedules/firer'
import { api, createUser, unique, writeCiConfig } from '../helpers'

async function schedule(cron = '*/10 * * * *', token?: string) {
  const project = (await api('POST', '/projects', { json: { name: unique('sch'), initialize_with_readme: true } })).body
    .id
  await writeCiConfig(project, 'build:\n  script: echo hello\n')
  const s = (
    await api('POST', `/projects/${project}/pipeline_schedules`, {
      token,
      json: { description: 'job', ref: 'main', cron },
    })
  ).body
  return { project, s }
}
const pipelinesOf = async (project: number, id: number) =>
  (await api('GET', `/projects/${project}/pipeline_schedules/${id}/pipelines`)).body as { source: string }[]
const makeDue = async (id: number, agoMs: number) =>
  (await getDb()).pipelineSchedule.update({ where: { id }, data: { nextRunAt: new Date(Date.now() - agoMs) } })

describe('pipeline schedule worker', () => {
  it('fires a due schedule once, catching up once after downtime, and moves next_run_at ahead', async () => {
    const { project, s } = await schedule()
    await makeDue(s.id, 6 * 3600_000) // 36 runs were missed
    expect(await runDueSchedules()).toBeGreaterThanOrEqual(1)
    const pipelines = await pipelinesOf(project, s.id)
    expect(pipelines).toHaveLength(1)
    expect(pipelines[0]?.source).toBe('schedule')
    const after = (await api('GET', `/projects/${project}/pipeline_schedules/${s.id}`)).body
    expect(new Date(after.next_run_at).getTime()).toBeGreaterThan(Date.now())
    expect(await runDueSchedules()).toBe(0)
  })

  it('fires exactly once when several workers race', async () => {
    const { project, s } = await schedule()
    await makeDue(s.id, 1000)
    // Earlier serial suites leave schedules that fall due while the run goes on, so the workers may
    // fire those too: exactly once means one pipeline per fire reported, whichever schedule it was.
    const db = await getDb()
    const before = await db.pipeline.count({ where: { source: 'schedule' } })
    const results = await Promise.all([runDueSchedules(), runDueSchedules(), runDueSchedules(), runDueSchedules()])
    const fired = results.reduce((a, b) => a + b, 0)
    expect(fired).toBeGreaterThanOrEqual(1)
    expect(await db.pipeline.count({ where: { source: 'schedule' } })).toBe(before + fired)
    expect(await pipelinesOf(project, s.id)).toHaveLength(1)
  })

  it('skips inactive schedules and deactivates those of blocked owners', async () => {
    const { project, s } = await schedule()
    await api('PUT', `/projects/${project}/pipeline_schedules/${s.id}`, { json: { active: false } })
    await makeDue(s.id, 1000)
    await runDueSchedules()
    expect(await pipelinesOf(project, s.id)).toHaveLength(0)

    const owner = await createUser()
    const other = await schedule('*/10 * * * *')
    await api('POST', `/projects/${other.project}/members`, { json: { user_id: owner.id, access_level: 40 } })
    await api('POST', `/projects/${other.project}/pipeline_schedules/${other.s.id}/take_ownership`, {
      token: owner.token,
    })
    await api('POST', `/users/${owner.id}/block`)
    await makeDue(other.s.id, 1000)
    await runDueSchedules()
    expect(await pipelinesOf(other.project, other.s.id)).toHaveLength(0)
    expect((await api('GET', `/projects/${other.project}/pipeline_schedules/${other.s.id}`)).body.active).toBe(false)
  })
})

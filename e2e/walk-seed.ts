// The console walk's data: a group with a subgroup and a project, an owner and a developer, runners
// of all three types, a pipeline with its job, a schedule and a broadcast message — every kind of
// page the walk visits has something to show.
import { type APIRequestContext } from '@playwright/test'
import { expect, createUser, root } from './helpers'

export interface Cast {
  group: string
  subgroup: string
  project: string
  ownerLogin: string
  developerLogin: string
  runnerId: number
  groupRunnerId: number
  projectRunnerId: number
  pipelineId: number
  jobId: number
  scheduleId: number
  broadcastId: number
  userId: number
}

export async function post<T>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(`/api/v4${url}`, { headers: root, data })
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201)
  return (await res.json()) as T
}

export async function seed(request: APIRequestContext): Promise<Cast> {
  // The walk's workers seed at once: the pid keeps two seeds in the same millisecond apart.
  const stamp = `${Date.now()}${process.pid}`
  const group = await post<{ id: number; full_path: string }>(request, '/groups', {
    name: `Walk ${stamp}`,
    path: `walk-${stamp}`,
  })
  const sub = await post<{ id: number; full_path: string }>(request, '/groups', {
    name: 'Sub',
    path: 'sub',
    parent_id: group.id,
  })
  const project = await post<{ id: number; path_with_namespace: string }>(request, '/projects', {
    name: 'App',
    path: 'app',
    namespace_id: group.id,
    initialize_with_readme: true,
  })
  const owner = await createUser(request, `walkowner${stamp}`)
  const developer = await createUser(request, `walkdev${stamp}`)
  await post(request, `/groups/${group.id}/members`, { user_id: owner.id, access_level: 50 })
  await post(request, `/groups/${group.id}/members`, { user_id: developer.id, access_level: 30 })
  // A schedule with a variable and an input; played below once the CI configuration exists, so its
  // page shows a last pipeline too.
  const schedule = await post<{ id: number }>(request, `/projects/${project.id}/pipeline_schedules`, {
    description: 'Nightly',
    ref: 'main',
    cron: '0 2 * * *',
    cron_timezone: 'Europe/Berlin',
    inputs: [{ name: 'region', value: 'eu' }],
  })
  await post(request, `/projects/${project.id}/pipeline_schedules/${schedule.id}/variables`, {
    key: 'DEPLOY_TOKEN',
    value: 'walk-secret',
  })
  await post(request, `/projects/${project.id}/snippets`, {
    title: 'Notes',
    file_name: 'notes.md',
    content: '# notes',
    visibility: 'private',
  })
  await post(request, `/projects/${project.id}/issues`, { title: 'First issue' })
  await post(request, `/groups/${group.id}/epics`, { title: 'First epic' })
  const runner = await post<{ id: number }>(request, '/user/runners', {
    runner_type: 'instance_type',
    description: 'walk runner',
  })
  const groupRunner = await post<{ id: number }>(request, '/user/runners', {
    runner_type: 'group_type',
    group_id: group.id,
    description: 'walk group runner',
  })
  const projectRunner = await post<{ id: number }>(request, '/user/runners', {
    runner_type: 'project_type',
    project_id: project.id,
    description: 'walk project runner',
  })
  await post(request, `/projects/${project.id}/protected_branches`, {
    name: 'main',
    push_access_level: 40,
    merge_access_level: 30,
  })
  await post(request, `/projects/${project.id}/protected_branches`, { name: 'release/*', allow_force_push: true })
  await post(request, `/projects/${project.id}/repository/files/.gitlab-ci.yml`, {
    branch: 'main',
    content: 'build:\n  script: echo build\n',
    commit_message: 'CI',
  })
  const pipeline = await post<{ id: number }>(request, `/projects/${project.id}/pipeline`, { ref: 'main' })
  await post(request, `/projects/${project.id}/pipeline_schedules/${schedule.id}/play`, {})
  const jobs = await request.get(`/api/v4/projects/${project.id}/pipelines/${pipeline.id}/jobs`, { headers: root })
  expect(jobs.status()).toBe(200)
  const [job] = (await jobs.json()) as { id: number }[]
  const broadcast = await post<{ id: number }>(request, '/broadcast_messages', {
    message: 'Walk maintenance window',
    broadcast_type: 'notification',
    dismissable: true,
  })
  return {
    group: group.full_path,
    subgroup: sub.full_path,
    project: project.path_with_namespace,
    ownerLogin: owner.username,
    developerLogin: developer.username,
    runnerId: runner.id,
    groupRunnerId: groupRunner.id,
    projectRunnerId: projectRunner.id,
    pipelineId: pipeline.id,
    jobId: job!.id,
    scheduleId: schedule.id,
    broadcastId: broadcast.id,
    userId: developer.id,
  }
}

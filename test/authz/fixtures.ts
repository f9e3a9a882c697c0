// Targets below a subject for the matrix's rows: each kind makes one (as root) and returns the
// path values it fills. Read cells share one per subject; write cells that succeed get a fresh one.
import { getDb } from '../../lib/db'
import { api, createUser, unique, writeCiConfig } from '../helpers'
import { newEd25519Line } from '../ssh-key'
import type { Subject } from './actors'
import { group, made, project, userJson, type Make } from './fixture-helpers'
import { QUEUE_FIXTURES, UPLOAD_AND_ROW_FIXTURES } from './fixtures-special'
import { REGISTRY_FIXTURES } from './fixtures-registry'
import { TREE_FIXTURES } from './fixtures-tree'

export const FIXTURES: Record<string, Make> = {
  /** A fresh project beside the subject's (same group, same visibility): the target of a DELETE. */
  project: async (s) => {
    const visibility = (await made('project visibility', api('GET', project(s)), 200)).visibility as string
    const p = await made(
      'project',
      api('POST', '/projects', { json: { name: unique('authz-fresh'), namespace_id: s.group.id, visibility } }),
    )
    return { id: String(p.id) }
  },
  /** A fresh subgroup of the subject's group (same visibility). */
  group: async (s) => {
    const visibility = (await made('group visibility', api('GET', group(s)), 200)).visibility as string
    const path = unique('authz-fresh')
    const g = await made(
      'group',
      api('POST', '/groups', { json: { name: path, path, parent_id: s.group.id, visibility } }),
    )
    return { id: String(g.id) }
  },
  protected_branch: async (s) => {
    const name = unique('pb')
    await made('protected branch', api('POST', `${project(s)}/protected_branches`, { json: { name } }))
    return { name }
  },
  branch: async (s) => {
    const branch = unique('br')
    await made('branch', api('POST', `${project(s)}/repository/branches`, { json: { branch, ref: 'main' } }))
    return { branch }
  },
  tag: async (s) => {
    const tag = unique('tag')
    await made('tag', api('POST', `${project(s)}/repository/tags`, { json: { tag_name: tag, ref: 'main' } }))
    return { tag_name: tag }
  },
  schedule: async (s) => {
    const sc = await made(
      'schedule',
      api('POST', `${project(s)}/pipeline_schedules`, {
        json: { description: unique('sched'), ref: 'main', cron: '0 4 * * *' },
      }),
    )
    return { pipeline_schedule_id: String(sc.id) }
  },
  schedule_variable: async (s) => {
    const sc = await made(
      'schedule',
      api('POST', `${project(s)}/pipeline_schedules`, {
        json: { description: unique('sched'), ref: 'main', cron: '0 4 * * *' },
      }),
    )
    const key = `K_${unique('v').replace(/-/g, '_').toUpperCase()}`
    await made(
      'schedule variable',
      api('POST', `${project(s)}/pipeline_schedules/${sc.id}/variables`, { json: { key, value: 'x' } }),
    )
    return { pipeline_schedule_id: String(sc.id), key }
  },
  project_variable: async (s) => {
    const key = `K_${unique('v').replace(/-/g, '_').toUpperCase()}`
    await made('project variable', api('POST', `${project(s)}/variables`, { json: { key, value: 'x' } }))
    return { key }
  },
  group_variable: async (s) => {
    const key = `K_${unique('v').replace(/-/g, '_').toUpperCase()}`
    await made('group variable', api('POST', `${group(s)}/variables`, { json: { key, value: 'x' } }))
    return { key }
  },
  snippet: async (s) => {
    const sn = await made(
      'snippet',
      api('POST', `${project(s)}/snippets`, {
        json: { title: unique('sn'), visibility: 'private', files: [{ file_path: 'a.txt', content: 'x' }] },
      }),
    )
    return { snippet_id: String(sn.id) }
  },
  issue: async (s) => {
    const i = await made('issue', api('POST', `${project(s)}/issues`, { json: { title: unique('issue') } }))
    return { issue_iid: String(i.iid) }
  },
  epic: async (s) => {
    const e = await made('epic', api('POST', `${group(s)}/epics`, { json: { title: unique('epic') } }))
    return { epic_iid: String(e.iid) }
  },
  project_token: async (s) => {
    const t = await made(
      'project token',
      api('POST', `${project(s)}/access_tokens`, {
        json: { name: unique('pt'), scopes: ['read_api'], access_level: 30 },
      }),
    )
    return { token_id: String(t.id) }
  },
  group_token: async (s) => {
    const t = await made(
      'group token',
      api('POST', `${group(s)}/access_tokens`, {
        json: { name: unique('gt'), scopes: ['read_api'], access_level: 30 },
      }),
    )
    return { token_id: String(t.id) }
  },
  /** A user who is a Guest of the subject's project (direct). */
  project_member: async (s) => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    await made('project member', api('POST', `${project(s)}/members`, { json: { user_id: u.id, access_level: 10 } }))
    return { user_id: String(u.id) }
  },
  /** A user who is a Guest of the subject's group (direct). */
  group_member: async (s) => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    await made('group member', api('POST', `${group(s)}/members`, { json: { user_id: u.id, access_level: 10 } }))
    return { user_id: String(u.id) }
  },
  /** A user who is no member: the target of an add. */
  user: async () => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    return { user_id: String(u.id) }
  },
  project_invitation: async (s) => {
    const email = `${unique('inv')}@example.com`
    await made('invitation', api('POST', `${project(s)}/invitations`, { json: { email, access_level: 10 } }))
    return { email }
  },
  group_invitation: async (s) => {
    const email = `${unique('inv')}@example.com`
    await made('invitation', api('POST', `${group(s)}/invitations`, { json: { email, access_level: 10 } }))
    return { email }
  },
  /** A group the subject is shared with (project share). */
  project_share: async (s) => {
    const path = unique('authz-share')
    const g = await made('group', api('POST', '/groups', { json: { name: path, path, visibility: 'private' } }))
    await made('project share', api('POST', `${project(s)}/share`, { json: { group_id: g.id, group_access: 10 } }))
    return { group_id: String(g.id) }
  },
  group_share: async (s) => {
    const path = unique('authz-share')
    const g = await made('group', api('POST', '/groups', { json: { name: path, path, visibility: 'private' } }))
    await made('group share', api('POST', `${group(s)}/share`, { json: { group_id: g.id, group_access: 10 } }))
    return { group_id: String(g.id) }
  },
}

/** One CI configuration per project, written once (fixtures of several kinds need it). */
const ciConfigs = new Map<number, Promise<void>>()
function ciConfig(s: Subject): Promise<void> {
  let w = ciConfigs.get(s.project.id)
  if (!w)
    ciConfigs.set(
      s.project.id,
      (w = writeCiConfig(s.project.id, 'build:\n  script: echo authz\nlater:\n  script: echo later\n  when: manual\n')),
    )
  return w
}

async function pipeline(s: Subject): Promise<{ pipeline_id: string }> {
  await ciConfig(s)
  const pl = await made('pipeline', api('POST', `${project(s)}/pipeline`, { json: { ref: 'main' } }))
  return { pipeline_id: String(pl.id) }
}

async function jobs(s: Subject): Promise<{ pipeline_id: string; jobs: { id: number; name: string }[] }> {
  const { pipeline_id } = await pipeline(s)
  return { pipeline_id, jobs: await made('jobs', api('GET', `${project(s)}/pipelines/${pipeline_id}/jobs`), 200) }
}

/**
 * Through the API where the requester can see the source; a private one it cannot (GitLab: 404),
 * so there the row is written as the API would have (a user who lost sight of it after asking).
 */
async function accessRequest(
  sourceType: 'Namespace' | 'Project',
  sourceId: number,
  path: string,
): Promise<Record<string, string>> {
  const u = await createUser()
  const r = await api('POST', path, { token: u.token })
  if (r.status === 404) await (await getDb()).accessRequest.create({ data: { sourceType, sourceId, userId: u.id } })
  else if (r.status !== 201) throw new Error(`fixture access request: ${r.status} ${r.text}`)
  return { user_id: String(u.id) }
}

const customKey = () => unique('attr').replace('-', '_')

/** Kinds whose target is not below the subject: users, broadcast messages, custom attributes. */
Object.assign(FIXTURES, {
  target_user: async () => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    return { id: String(u.id), user_id: String(u.id) }
  },
  blocked_target_user: async () => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    await made('block', api('POST', `/users/${u.id}/block`))
    return { id: String(u.id) }
  },
  user_attribute: async () => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    const key = customKey()
    await made('user attribute', api('PUT', `/users/${u.id}/custom_attributes/${key}`, { json: { value: 'x' } }), 200)
    return { id: String(u.id), key }
  },
  group_attribute: async (s: Subject) => {
    const key = customKey()
    await made('group attribute', api('PUT', `${group(s)}/custom_attributes/${key}`, { json: { value: 'x' } }), 200)
    return { key }
  },
  project_attribute: async (s: Subject) => {
    const key = customKey()
    await made('project attribute', api('PUT', `${project(s)}/custom_attributes/${key}`, { json: { value: 'x' } }), 200)
    return { key }
  },
  broadcast: async () => {
    const b = await made(
      'broadcast message',
      api('POST', '/broadcast_messages', { json: { message: unique('authz') } }),
    )
    return { id: String(b.id) }
  },
  readme: async () => ({ file_path: 'README.md' }),
  new_file: async () => ({ file_path: `${unique('authz')}.txt` }),
  file: async (s: Subject) => {
    const file_path = `${unique('authz')}.txt`
    await made(
      'file',
      api('POST', `${project(s)}/repository/files/${file_path}`, {
        json: { branch: 'main', content: 'x', commit_message: 'authz' },
      }),
    )
    return { file_path }
  },
  free_path: async () => ({ id: unique('authz-free') }),
  pipeline,
  /** The pipeline's automatic job (`build`, pending: cancel, read). */
  job: async (s: Subject) => {
    const j = await jobs(s)
    return { pipeline_id: j.pipeline_id, job_id: String(j.jobs.find((x) => x.name === 'build')!.id) }
  },
  /** The pipeline's manual job (`later`: play). */
  manual_job: async (s: Subject) => {
    const j = await jobs(s)
    return { job_id: String(j.jobs.find((x) => x.name === 'later')!.id) }
  },
  /** A canceled job: retry. */
  canceled_job: async (s: Subject) => {
    const j = await jobs(s)
    const id = j.jobs.find((x) => x.name === 'build')!.id
    await made('cancel', api('POST', `${project(s)}/jobs/${id}/cancel`))
    return { job_id: String(id) }
  },
  /** A key of another user's (`id` the user, `key_id` the key). */
  user_key: async () => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    const k = await made(
      'key',
      api('POST', `/users/${u.id}/keys`, { json: { title: unique('authz'), key: newEd25519Line() } }),
    )
    return { id: String(u.id), key_id: String(k.id) }
  },
  /** A user who asked for access to the subject's group (`user_id`). */
  group_access_request: (s: Subject) => accessRequest('Namespace', s.group.id, `${group(s)}/access_requests`),
  project_access_request: (s: Subject) => accessRequest('Project', s.project.id, `${project(s)}/access_requests`),
  /** The subject's snippet at its first version (`ref`), with its one file. */
  snippet_version: async (s: Subject) => {
    const sn = await made(
      'snippet',
      api('POST', `${project(s)}/snippets`, {
        json: { title: unique('sn'), visibility: 'private', files: [{ file_path: 'a.txt', content: 'x' }] },
      }),
    )
    const versions = await made('versions', api('GET', `${project(s)}/snippets/${sn.id}/versions`), 200)
    return { snippet_id: String(sn.id), ref: String(versions[0].id), file_path: 'a.txt' }
  },
  /** An epic of the subject's group and an issue of its project, unlinked (`issue_id` the global id). */
  epic_and_issue: async (s: Subject) => {
    const e = await made('epic', api('POST', `${group(s)}/epics`, { json: { title: unique('epic') } }))
    const i = await made('issue', api('POST', `${project(s)}/issues`, { json: { title: unique('issue') } }))
    return { epic_iid: String(e.iid), issue_id: String(i.id) }
  },
  /** The same, linked (`epic_issue_id` the link). */
  epic_issue: async (s: Subject) => {
    const e = await made('epic', api('POST', `${group(s)}/epics`, { json: { title: unique('epic') } }))
    const i = await made('issue', api('POST', `${project(s)}/issues`, { json: { title: unique('issue') } }))
    const link = await made('epic issue', api('POST', `${group(s)}/epics/${e.iid}/issues/${i.id}`))
    return { epic_iid: String(e.iid), epic_issue_id: String(link.id) }
  },
  /** An epic with two linked issues: `epic_issue_id` the one to move, `other_link_id` the one it moves around. */
  epic_issue_pair: async (s: Subject) => {
    const e = await made('epic', api('POST', `${group(s)}/epics`, { json: { title: unique('epic') } }))
    const links = []
    for (let n = 0; n < 2; n++) {
      const i = await made('issue', api('POST', `${project(s)}/issues`, { json: { title: unique('issue') } }))
      links.push(await made('epic issue', api('POST', `${group(s)}/epics/${e.iid}/issues/${i.id}`)))
    }
    return { epic_iid: String(e.iid), epic_issue_id: String(links[0].id), other_link_id: String(links[1].id) }
  },
  feature_name: async () => ({ name: unique('authz_flag').replace('-', '_') }),
  tag_rule: async (s: Subject) => {
    const r = await made(
      'tag rule',
      api('POST', `${project(s)}/registry/protection/tag/rules`, {
        json: {
          tag_name_pattern: unique('authz'),
          minimum_access_level_for_push: 'maintainer',
          minimum_access_level_for_delete: 'maintainer',
        },
      }),
    )
    return { protection_rule_id: String(r.id) }
  },
  deactivated_target_user: async () => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    await made('deactivate', api('POST', `/users/${u.id}/deactivate`))
    return { id: String(u.id) }
  },
  /** A token of the spare user's: another user's token, by id. */
  someone_elses_token: async () => {
    const u = await made('user', api('POST', '/users', { json: userJson() }))
    const t = await made(
      'token',
      api('POST', `/users/${u.id}/personal_access_tokens`, { json: { name: unique('authz'), scopes: ['read_api'] } }),
    )
    return { id: String(t.id) }
  },
  /** A project runner of the subject's project: `id` is the runner's. */
  project_runner: async (s: Subject) => {
    const r = await made(
      'runner',
      api('POST', '/user/runners', {
        json: { runner_type: 'project_type', project_id: s.project.id, description: unique('authz') },
      }),
    )
    return { id: String(r.id) }
  },
}) satisfies Record<string, Make>

Object.assign(FIXTURES, UPLOAD_AND_ROW_FIXTURES, QUEUE_FIXTURES, TREE_FIXTURES, REGISTRY_FIXTURES)

// How the matrix sends one cell's request: the row's route with the subject's and the fixture's
// path values, its body with the placeholders filled, and the actor's credential where its kind
// goes (a Bearer token, a runner token in `token`, a job token in JOB-TOKEN).
import { api, createUser, unique } from '../helpers'
import { serverUrl } from '../setup/server'
import { newEd25519Line } from '../ssh-key'
import { freshRunner, tokenOf, type World } from './actors'
import { userJson } from './fixture-helpers'
import { groupArchive } from './group-archive'
import type { AnyActor, Row, Visibility } from './rules'

export interface Outcome {
  status: number
  body: unknown
}

/** `{{unique}}` a fresh name, `{{key}}` a fresh variable key, `{{spare_group}}` the share target, `{{ssh_key}}` a fresh public key. */
function fill(world: World, value: unknown): unknown {
  if (typeof value === 'string')
    return value
      .replaceAll('{{unique}}', () => unique('authz'))
      .replaceAll('{{key}}', () => unique('AUTHZ').replace('-', '_'))
      .replaceAll('{{spare_group}}', String(world.spareGroup.id))
      .replaceAll('{{ssh_key}}', () => newEd25519Line())
  if (Array.isArray(value)) return value.map((x) => fill(world, x))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, fill(world, x)]))
  return value
}

/** `{{value:name}}` in a body: the path value `name` (the fixture's); a whole-string number stays a number. */
function fillValues(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const valueOf = (name: string) => {
      const x = values[name]
      if (x === undefined) throw new Error(`no value for {{value:${name}}}`)
      return x
    }
    const whole = /^\{\{value:([a-z_]+)\}\}$/.exec(value)
    if (whole) {
      const x = valueOf(whole[1]!)
      return /^\d+$/.test(x) ? Number(x) : x
    }
    return value.replace(/\{\{value:([a-z_]+)\}\}/g, (_m, name: string) => valueOf(name))
  }
  if (Array.isArray(value)) return value.map((x) => fillValues(x, values))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, fillValues(x, values)]))
  return value
}

async function freshUserId(): Promise<number> {
  const res = await api('POST', '/users', { json: userJson() })
  return res.body.id as number
}

export type Request = Pick<Row, 'route' | 'query' | 'body' | 'headers' | 'raw' | 'path' | 'multipart'>

const RUNNER_ACTORS: readonly AnyActor[] = ['runner_token', 'unknown_runner_token']
const JOB_ACTORS: readonly AnyActor[] = ['job_token_running', 'job_token_finished']

/** `{{job_id}}`: the acting job token's own job (the running job's for every other actor). */
const jobIdOf = (world: World, actor: AnyActor) =>
  String(actor === 'job_token_finished' ? world.ci.finished.id : world.ci.running.id)

/**
 * Sends one cell's request: the row's route with the subject's and the fixture's path values.
 * `{{fresh_user}}` is a new user for a write that should succeed, the spare one for a refused write
 * (a user made then would be a change of its own). The credential goes where its kind goes: a
 * runner token in the `token` parameter, a job token in `JOB-TOKEN`, the rest as a Bearer token;
 * a succeeding `fresh` write with a runner token gets a runner of its own (it consumes the token).
 */
export async function send(
  world: World,
  r: Request & { fresh?: boolean },
  actor: AnyActor,
  values: Record<string, string>,
  v: Visibility | '-',
  succeeds = false,
): Promise<Outcome> {
  let token = tokenOf(world, actor, v)
  if (r.fresh && succeeds && actor === 'runner_token') token = await freshRunner(world.ci.projectId)
  // A token of its own per cell (a new user's): for the routes that act on the token itself.
  if (actor === 'fresh_token') token = (await createUser()).token
  const all = {
    ...values,
    ...Object.fromEntries(
      Object.entries(r.path ?? {}).map(([k, x]) => [k, x.replaceAll('{{job_id}}', jobIdOf(world, actor))]),
    ),
  }
  const [method, template] = r.route.split(' ') as [string, string]
  const path = template.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const x = all[name]
    if (x === undefined) throw new Error(`${r.route}: no value for :${name}`)
    return encodeURIComponent(x)
  })
  let json = r.body ? (fillValues(fill(world, r.body), all) as Record<string, unknown>) : undefined
  if (json && Object.values(json).includes('{{fresh_user}}')) {
    const id = succeeds ? await freshUserId() : world.spareUser.id
    json = Object.fromEntries(Object.entries(json).map(([k, x]) => [k, x === '{{fresh_user}}' ? id : x]))
  }
  const headers: Record<string, string> = { ...(r.headers ?? {}) }
  let bearer: string | null = token
  if (RUNNER_ACTORS.includes(actor)) {
    json = { ...json, token: token! }
    bearer = null
  } else if (JOB_ACTORS.includes(actor)) {
    headers['JOB-TOKEN'] = token!
    bearer = null
  }
  const query = r.query ? (fill(world, r.query) as Record<string, string>) : undefined
  if (r.multipart) return sendMultipart(method, path, bearer, headers, json ?? {})
  if (path.startsWith('/api/') || path.startsWith('/jwt/')) {
    const qs = query ? `?${new URLSearchParams(query).toString()}` : ''
    if (bearer) headers.Authorization = `Bearer ${bearer}`
    if (json) headers['Content-Type'] = 'application/json'
    const res = await fetch(`${await serverUrl()}${path}${qs}`, {
      method,
      headers,
      body: json ? JSON.stringify(json) : undefined,
    })
    return outcomeOf(res)
  }
  if (r.raw !== undefined && !json) headers['Content-Type'] ??= 'text/plain'
  const res = await api(method, path, { token: bearer, json, query, headers, body: json ? undefined : r.raw })
  return { status: res.status, body: res.body }
}

/** `body` as multipart/form-data (fetch writes the boundary); `{{group_archive}}` is the archive file, `{{not_an_archive}}` a file that is none. */
async function sendMultipart(
  method: string,
  path: string,
  bearer: string | null,
  headers: Record<string, string>,
  fields: Record<string, unknown>,
): Promise<Outcome> {
  const form = new FormData()
  for (const [k, x] of Object.entries(fields))
    if (x === '{{group_archive}}') form.append(k, new Blob([new Uint8Array(await groupArchive())]), 'export.tar.gz')
    else if (x === '{{not_an_archive}}') form.append(k, new Blob(['not an archive']), 'export.tar.gz')
    else form.append(k, String(x))
  if (bearer) headers.Authorization = `Bearer ${bearer}`
  return outcomeOf(await fetch(`${await serverUrl()}/api/v4${path}`, { method, headers, body: form }))
}

/** The status and the body, parsed when it is JSON. */
async function outcomeOf(res: Response): Promise<Outcome> {
  const text = await res.text()
  try {
    return { status: res.status, body: JSON.parse(text) as unknown }
  } catch {
    return { status: res.status, body: text }
  }
}

export const fillPath = (world: World, p: Record<string, string> | undefined, actor: AnyActor) =>
  Object.fromEntries(Object.entries(p ?? {}).map(([k, x]) => [k, x.replaceAll('{{job_id}}', jobIdOf(world, actor))]))

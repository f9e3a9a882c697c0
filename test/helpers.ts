// Helpers for integration tests: raw HTTP (to assert statuses, headers and bodies) and a gitbeaker
// client, both against this worker's server.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Gitlab } from '@gitbeaker/rest'
import { recordFromExchange } from './secrets'
import { serverUrl } from './setup/server'

export { ROOT_TOKEN } from './setup/global'
import { ROOT_TOKEN } from './setup/global'

export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
  text: string
}

export interface RequestOptions {
  token?: string | null
  query?: Record<string, string | number | boolean | string[]>
  json?: unknown
  form?: Record<string, string>
  /** A raw body (sent with whatever Content-Type `headers` give). */
  body?: string
  headers?: Record<string, string>
}

export async function api<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const base = await serverUrl()
  const qs = new URLSearchParams()
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (Array.isArray(v)) v.forEach((x) => qs.append(`${k}[]`, x))
    else qs.append(k, String(v))
  }
  const headers: Record<string, string> = { ...(opts.headers ?? {}) }
  const token = opts.token === undefined ? ROOT_TOKEN : opts.token
  if (token) headers['PRIVATE-TOKEN'] = token
  let body: string | undefined = opts.body
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.json)
  } else if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(opts.form).toString()
  }
  const url = `${base}/api/v4${path}${qs.size ? `?${qs}` : ''}`
  const res = await fetch(url, { method, headers, body, redirect: 'manual' })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    /* plain text */
  }
  // Secrets made through this helper are grepped for in the servers' logs (test/secrets.ts).
  recordFromExchange(res.status, opts.json ?? opts.form, parsed)
  return { status: res.status, headers: res.headers, body: parsed as T, text }
}

export async function gitlab(token = ROOT_TOKEN) {
  return new Gitlab({ host: await serverUrl(), token })
}

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`

/** A fresh user with an api-scoped token. */
export async function createUser(opts: { admin?: boolean; scopes?: string[] } = {}) {
  const username = unique('user')
  const user = await api('POST', '/users', {
    json: {
      username,
      email: `${username}@example.com`,
      name: `User ${username}`,
      password: 'password-123456',
      admin: !!opts.admin,
      skip_confirmation: true,
    },
  })
  if (user.status !== 201) throw new Error(`user create failed: ${user.status} ${user.text}`)
  const token = await api('POST', `/users/${user.body.id}/personal_access_tokens`, {
    json: { name: 'test', scopes: opts.scopes ?? ['api'] },
  })
  if (token.status !== 201) throw new Error(`token create failed: ${token.status} ${token.text}`)
  return { id: user.body.id as number, username, token: token.body.token as string, tokenId: token.body.id as number }
}

/** A fresh group (top-level, or below `parent`), created by `token`'s user (root by default). */
export async function createGroup(
  opts: { token?: string; parent?: number; visibility?: string; name?: string; prefix?: string } = {},
) {
  const path = unique(opts.prefix ?? 'grp')
  const res = await api('POST', '/groups', {
    token: opts.token,
    json: { name: opts.name ?? `Group ${path}`, path, visibility: opts.visibility, parent_id: opts.parent },
  })
  if (res.status !== 201) throw new Error(`group create failed: ${res.status} ${res.text}`)
  return res.body
}

/** Writes `.gitlab-ci.yml` on `branch` through the repository files API (create or update). */
export async function writeCiConfig(project: number, content: string, opts: { branch?: string; token?: string } = {}) {
  const branch = opts.branch ?? 'main'
  const path = `/projects/${project}/repository/files/.gitlab-ci.yml`
  const exists = (await api('GET', path, { token: opts.token, query: { ref: branch } })).status === 200
  const res = await api(exists ? 'PUT' : 'POST', path, {
    token: opts.token,
    json: { branch, content, commit_message: 'CI configuration' },
  })
  if (res.status !== (exists ? 200 : 201)) throw new Error(`writing .gitlab-ci.yml failed: ${res.status} ${res.text}`)
}

/** Polls `read` until `ok` holds (every `intervalMs`), or fails naming `what` after `ms`. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 30_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** The Debian GitLab client programs in test/clients. */
export const CLIENTS = path.join(import.meta.dirname, 'clients')

/**
 * Runs a client program unchanged and parses the JSON it prints; a missing binary names the Debian
 * package to install instead of failing obscurely.
 */
/** What a failed child process said: its stderr when it has one, else the error's message. */
export function failureText(e: unknown): string {
  const err = e as { stderr?: string; message?: string }
  return err.stderr || err.message || String(e)
}

export async function runClient(pkg: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(cmd, args, {
      timeout: 150_000,
      env: { ...process.env, ...env },
      maxBuffer: 4 * 1024 * 1024,
    })
    return JSON.parse(stdout)
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT')
      throw new Error(`${cmd} is missing: install ${pkg} from Debian (see scripts/system-deps.sh)`, { cause: e })
    throw new Error(`${pkg} failed:\n${failureText(e)}`, { cause: e })
  }
}

/** go-gitlab from Debian builds in GOPATH mode, with a throwaway build cache. */
export async function goClientEnv(): Promise<Record<string, string>> {
  return {
    GO111MODULE: 'off',
    GOPATH: '/usr/share/gocode',
    GOCACHE: await mkdtemp(path.join(tmpdir(), 'gocache-')),
    GOFLAGS: '',
  }
}

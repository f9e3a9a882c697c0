// Registry test helpers shared by the registry integration files: the registry the integration run
// started (test/setup/global.ts), tokens from this worker's /jwt/auth, pushes with them.
import { expect } from 'vitest'
import { serverUrl } from '../setup/server'
import { api, type createUser } from '../helpers'
import { pushImage } from './harness'

export type User = Awaited<ReturnType<typeof createUser>>
export const registryUrl = () => {
  const url = process.env.REGISTRY_API_URL
  if (!url) throw new Error('the integration setup starts a registry (REGISTRY_API_URL)')
  return url
}
export const registryHost = () => new URL(registryUrl()).host

export async function jwt(scopes: string[], basic?: { login: string; password: string }) {
  const url = new URL(`${await serverUrl()}/jwt/auth`)
  url.searchParams.set('service', 'container_registry')
  for (const s of scopes) url.searchParams.append('scope', s)
  const headers: Record<string, string> = basic
    ? { Authorization: `Basic ${Buffer.from(`${basic.login}:${basic.password}`).toString('base64')}` }
    : {}
  const res = await fetch(url, { headers })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as { token?: string; errors?: unknown[] } }
}
export const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    access: { name: string; actions: string[] }[]
    sub: string
  }

export async function push(user: User, path: string, tags: string[], opts: { created?: Date; seed?: string } = {}) {
  const res = await jwt([`repository:${path}:push,pull`], { login: user.username, password: user.token })
  expect(res.status).toBe(200)
  return pushImage(registryUrl(), res.body.token!, path, tags, opts)
}

/** The id of the project's registry repository `name` ('' is the project's own image). */
export async function repoId(projectId: number, name = ''): Promise<number> {
  const list = await api('GET', `/projects/${projectId}/registry/repositories`, { query: { per_page: 100 } })
  const repo = (list.body as { id: number; name: string }[]).find((r) => r.name === name)
  if (!repo) throw new Error(`no repository ${name}: ${list.text}`)
  return repo.id
}

/** The names of a repository's tags, in the API's order. */
export const tagNames = async (projectId: number, id: number): Promise<string[]> =>
  (
    (await api('GET', `/projects/${projectId}/registry/repositories/${id}/tags`, { query: { per_page: 100 } }))
      .body as { name: string }[]
  ).map((t) => t.name)

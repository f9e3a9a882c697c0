// What the matrix's fixture kinds share: a made object checked against its status, the subject's
// API paths, a new user's JSON.
import { unique } from '../helpers'
import type { Subject } from './actors'

export type Make = (s: Subject) => Promise<Record<string, string>>

export async function made(
  what: string,
  res: Promise<{ status: number; body: any; text: string }>,
  status = 201,
): Promise<any> {
  const r = await res
  if (r.status !== status) throw new Error(`fixture ${what}: ${r.status} ${r.text}`)
  return r.body
}

export const project = (s: Subject) => `/projects/${s.project.id}`
export const group = (s: Subject) => `/groups/${s.group.id}`

export const userJson = () => {
  const username = unique('authz-u')
  return {
    username,
    email: `${username}@example.com`,
    name: username,
    password: 'password-123456',
    skip_confirmation: true,
  }
}

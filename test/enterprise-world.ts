// An enterprise world for the credential-inventory tests: a top-level group with a verified domain,
// enterprise users with tokens and keys, a subgroup and a project with access tokens, outsiders.
import { expect } from 'vitest'
import { getDb } from '../lib/db'
import { claimEnterpriseUsers } from '../lib/enterprise/users'
import { newEd25519Line } from './ssh-key'
import { api, createUser, unique } from './helpers'

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
export const ids = (body: { id: number }[]) => body.map((t) => t.id)

export async function userAt(domain: string) {
  const username = unique('ent')
  const res = await api('POST', '/users', {
    json: {
      username,
      email: `${username}@${domain}`,
      name: username,
      password: 'password-123456',
      skip_confirmation: true,
    },
  })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number; username: string }
}

export async function pat(userId: number, name: string, json: Record<string, unknown> = {}) {
  const res = await api('POST', `/users/${userId}/personal_access_tokens`, { json: { name, scopes: ['api'], ...json } })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number; token: string }
}

export async function group(token: string, parentId?: number) {
  const path = unique('ent-g')
  const res = await api('POST', '/groups', {
    token,
    json: { name: path, path, ...(parentId ? { parent_id: parentId } : {}) },
  })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: number }
}

/** One inventory: an owner, two enterprise users with tokens and keys, bots in the tree, outsiders. */
export async function world() {
  const owner = await createUser()
  const top = await group(owner.token)
  const sub = await group(owner.token, top.id)
  const project = await api('POST', '/projects', {
    token: owner.token,
    json: { name: unique('ent-p'), namespace_id: sub.id },
  })
  expect(project.status, project.text).toBe(201)
  const domain = `${unique('corp')}.test`
  const e1 = await userAt(domain)
  const e2 = await userAt(domain)
  expect(await claimEnterpriseUsers(top.id, domain)).toBe(2)
  const outsider = await createUser()

  const alpha = await pat(e1.id, 'alpha', { expires_at: day(20) })
  const beta = await pat(e1.id, 'beta', { expires_at: day(40) })
  const gamma = await pat(e2.id, 'gamma')
  const db = await getDb()
  const at = (d: string) => new Date(`${d}T12:00:00Z`)
  await db.personalAccessToken.update({
    where: { id: alpha.id },
    data: { createdAt: at(day(-30)), lastUsedAt: at(day(-1)) },
  })
  await db.personalAccessToken.update({
    where: { id: beta.id },
    data: { createdAt: at(day(-20)), lastUsedAt: at(day(-10)) },
  })
  await db.personalAccessToken.update({ where: { id: gamma.id }, data: { createdAt: at(day(-10)), revoked: true } })

  const groupBot = await api('POST', `/groups/${top.id}/access_tokens`, {
    token: owner.token,
    json: { name: 'group bot', scopes: ['api'], access_level: 30 },
  })
  const projectBot = await api('POST', `/projects/${project.body.id}/access_tokens`, {
    token: owner.token,
    json: { name: 'project bot', scopes: ['read_api'] },
  })
  expect(groupBot.status, groupBot.text).toBe(201)
  expect(projectBot.status, projectBot.text).toBe(201)
  const elsewhere = await group(outsider.token)
  const foreignBot = await api('POST', `/groups/${elsewhere.id}/access_tokens`, {
    token: outsider.token,
    json: { name: 'foreign', scopes: ['api'] },
  })
  expect(foreignBot.status).toBe(201)

  const k1 = await api('POST', `/users/${e1.id}/keys`, {
    json: { title: 'laptop', key: newEd25519Line(), expires_at: day(10) },
  })
  const k2 = await api('POST', `/users/${e2.id}/keys`, {
    json: { title: 'desktop', key: newEd25519Line(), expires_at: day(100) },
  })
  const k3 = await api('POST', `/users/${outsider.id}/keys`, { json: { title: 'outsider', key: newEd25519Line() } })
  for (const k of [k1, k2, k3]) expect(k.status, k.text).toBe(201)
  return {
    owner,
    top,
    sub,
    project: project.body,
    e1,
    e2,
    outsider,
    alpha,
    beta,
    gamma,
    groupBot: groupBot.body,
    projectBot: projectBot.body,
    foreignBot: foreignBot.body,
    k1: k1.body,
    k2: k2.body,
  }
}

// Legacy runner registration tokens (GitLab's runners_token): one for the instance, one per group,
// one per project. Stored encrypted (owners read them back) with a sha256 digest, so POST /runners
// finds the owner of a token with one indexed lookup instead of decrypting every row.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { digestToken } from '../auth/token-digest'
import { getDb } from '../db'
import type { Namespace, Project } from '../db'
import { decryptSecret, encryptSecret } from '../settings/secrets'

/** GitLab's prefix for registration tokens (RunnersTokenPrefixable). */
export const RUNNERS_TOKEN_PREFIX = 'GR1348941'
const INSTANCE_KEY = 'runners_registration_token'

const newToken = () => `${RUNNERS_TOKEN_PREFIX}${randomBytes(15).toString('base64url')}`

export type RegistrationOwner = { runnerType: 'instance_type' } | { runnerType: 'group_type'; groupId: number } | { runnerType: 'project_type'; projectId: number }

export async function instanceRegistrationToken(reset = false): Promise<string> {
  const db = await getDb()
  const row = reset ? null : await db.systemValue.findUnique({ where: { key: INSTANCE_KEY } })
  const existing = row ? decryptSecret(row.value) : null
  if (existing) return existing
  const token = newToken()
  if (reset) {
    await db.systemValue.upsert({ where: { key: INSTANCE_KEY }, create: { key: INSTANCE_KEY, value: encryptSecret(token) }, update: { value: encryptSecret(token) } })
    return token
  }
  // Two first reads racing: the first writer wins and the other reads its token back.
  try {
    await db.systemValue.create({ data: { key: INSTANCE_KEY, value: encryptSecret(token) } })
    return token
  } catch {
    const again = await db.systemValue.findUnique({ where: { key: INSTANCE_KEY } })
    return (again && decryptSecret(again.value)) || token
  }
}

/** The group's token, created on first read (or a new one with `reset`). */
export async function groupRegistrationToken(g: Pick<Namespace, 'id' | 'runnersTokenEnc' | 'runnersTokenDigest'>, reset = false): Promise<string> {
  const existing = !reset && g.runnersTokenEnc ? decryptSecret(g.runnersTokenEnc) : null
  const db = await getDb()
  if (existing && g.runnersTokenDigest) return existing
  const token = existing ?? newToken()
  const { count } = await db.namespace.updateMany({
    where: { id: g.id, runnersTokenEnc: g.runnersTokenEnc },
    data: { runnersTokenEnc: encryptSecret(token), runnersTokenDigest: digestToken(token) },
  })
  if (count || reset) return token
  const row = await db.namespace.findUnique({ where: { id: g.id }, select: { runnersTokenEnc: true } })
  return (row?.runnersTokenEnc && decryptSecret(row.runnersTokenEnc)) || token
}

export async function projectRegistrationToken(p: Pick<Project, 'id' | 'runnersTokenEnc'>, reset = false): Promise<string> {
  const existing = !reset && p.runnersTokenEnc ? decryptSecret(p.runnersTokenEnc) : null
  if (existing) return existing
  const token = newToken()
  const db = await getDb()
  const { count } = await db.project.updateMany({
    where: { id: p.id, ...(reset ? {} : { runnersTokenEnc: p.runnersTokenEnc }) },
    data: { runnersTokenEnc: encryptSecret(token), runnersTokenDigest: digestToken(token) },
  })
  if (count) return token
  const row = await db.project.findUnique({ where: { id: p.id }, select: { runnersTokenEnc: true } })
  return (row?.runnersTokenEnc && decryptSecret(row.runnersTokenEnc)) || token
}

/** Whose registration token this is, or null. */
export async function registrationOwner(token: string): Promise<RegistrationOwner | null> {
  const db = await getDb()
  const digest = digestToken(token)
  const [group, project, instance] = await Promise.all([
    db.namespace.findUnique({ where: { runnersTokenDigest: digest }, select: { id: true, kind: true } }),
    db.project.findUnique({ where: { runnersTokenDigest: digest }, select: { id: true } }),
    db.systemValue.findUnique({ where: { key: INSTANCE_KEY } }),
  ])
  const instanceToken = instance ? decryptSecret(instance.value) : null
  if (instanceToken && instanceToken.length === token.length && timingSafeEqual(Buffer.from(instanceToken), Buffer.from(token))) return { runnerType: 'instance_type' }
  if (group && group.kind === 'group') return { runnerType: 'group_type', groupId: group.id }
  if (project) return { runnerType: 'project_type', projectId: project.id }
  return null
}

// Users' SSH keys: validated OpenSSH public keys, unique by fingerprint across the instance.
import { notFound, validation } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { getDb, uniqueAs } from '../db'
import type { SshKey } from '../db'
import { parsePublicKey } from './key-format'
import type { AddKeyParams } from './schema'

export async function listKeys(userId: number, window: PageWindow) {
  const db = await getDb()
  const where = { userId }
  return offsetList(
    'sshKey',
    where,
    window,
    db.sshKey.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}

export async function findKey(userId: number, keyId: number): Promise<SshKey> {
  const db = await getDb()
  const key = await db.sshKey.findFirst({ where: { id: keyId, userId } })
  if (!key) throw notFound('Key')
  return key
}

export async function addKey(userId: number, input: AddKeyParams): Promise<SshKey> {
  const errors: Record<string, string[]> = {}
  if (!input.title.trim()) errors.title = ["can't be blank"]
  else if (input.title.length > 255) errors.title = ['is too long (maximum is 255 characters)']
  const parsed = parsePublicKey(input.key)
  if (!parsed) errors.key = ['is invalid']
  if (input.expires_at && input.expires_at.getTime() <= Date.now()) errors.expires_at = ['must be in the future']
  if (Object.keys(errors).length || !parsed) throw validation(errors)
  const db = await getDb()
  const taken = () => validation({ key: ['has already been taken'], fingerprint_sha256: ['has already been taken'] })
  if (await db.sshKey.findUnique({ where: { fingerprintSha256: parsed.fingerprintSha256 }, select: { id: true } }))
    throw taken()
  return await db.sshKey
    .create({
      data: {
        userId,
        title: input.title,
        key: parsed.normalized,
        fingerprintSha256: parsed.fingerprintSha256,
        fingerprintMd5: parsed.fingerprintMd5,
        usageType: input.usage_type ?? 'auth_and_signing',
        expiresAt: input.expires_at ?? null,
      },
    })
    .catch(uniqueAs(taken))
}

export async function deleteKey(userId: number, keyId: number): Promise<void> {
  const key = await findKey(userId, keyId)
  const db = await getDb()
  await db.sshKey.delete({ where: { id: key.id } })
}

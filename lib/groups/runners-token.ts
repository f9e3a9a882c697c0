// A group's legacy runner registration token: made on first read, stored encrypted with its digest
// in the Namespace row (lib/runners/registration-tokens.ts finds a token's owner by the digest).
import { digestToken } from '../auth/token-digest'
import { getDb, type Namespace } from '../db'
import { decryptSecret, encryptSecret } from '../settings/secrets'
import { newRunnersRegistrationToken as newToken } from '../util/runners-registration-token'

/** Stores a token (encrypted value and digest) if the stored one is still `expectedEnc`; false when another writer came first. */
export async function replaceGroupRunnersToken(
  groupId: number,
  expectedEnc: string | null,
  enc: string,
  digest: string,
): Promise<boolean> {
  const { count } = await (
    await getDb()
  ).namespace.updateMany({
    where: { id: groupId, runnersTokenEnc: expectedEnc },
    data: { runnersTokenEnc: enc, runnersTokenDigest: digest },
  })
  return count > 0
}

/** The stored (encrypted) token, as another writer left it. */
export async function groupRunnersTokenEnc(groupId: number): Promise<string | null> {
  const row = await (await getDb()).namespace.findUnique({ where: { id: groupId }, select: { runnersTokenEnc: true } })
  return row?.runnersTokenEnc ?? null
}

/** The namespace whose token has this digest (any kind: the caller checks it is a group). */
export async function namespaceByRunnersTokenDigest(digest: string): Promise<{ id: number; kind: string } | null> {
  return (await getDb()).namespace.findUnique({
    where: { runnersTokenDigest: digest },
    select: { id: true, kind: true },
  })
}

/** The group's token, created on first read (or a new one with `reset`). */
export async function groupRegistrationToken(
  g: Pick<Namespace, 'id' | 'runnersTokenEnc' | 'runnersTokenDigest'>,
  reset = false,
): Promise<string> {
  const existing = !reset && g.runnersTokenEnc ? decryptSecret(g.runnersTokenEnc) : null
  if (existing && g.runnersTokenDigest) return existing
  const token = existing ?? newToken()
  if ((await replaceGroupRunnersToken(g.id, g.runnersTokenEnc, encryptSecret(token), digestToken(token))) || reset)
    return token
  const stored = await groupRunnersTokenEnc(g.id)
  return (stored && decryptSecret(stored)) || token
}

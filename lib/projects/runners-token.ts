// A project's legacy runner registration token: made on first read, stored encrypted with its digest
// in the Project row (lib/runners/registration-tokens.ts finds a token's owner by the digest).
import { digestToken } from '../auth/token-digest'
import { getDb, type Project } from '../db'
import { decryptSecret, encryptSecret } from '../settings/secrets'
import { newRunnersRegistrationToken as newToken } from '../util/runners-registration-token'

/**
 * Stores a token (encrypted value and digest); with `expectedEnc` only if the stored one is still
 * that value (undefined: unconditionally). False when another writer came first.
 */
export async function replaceProjectRunnersToken(
  projectId: number,
  expectedEnc: string | null | undefined,
  enc: string,
  digest: string,
): Promise<boolean> {
  const { count } = await (
    await getDb()
  ).project.updateMany({
    where: { id: projectId, ...(expectedEnc === undefined ? {} : { runnersTokenEnc: expectedEnc }) },
    data: { runnersTokenEnc: enc, runnersTokenDigest: digest },
  })
  return count > 0
}

/** The stored (encrypted) token, as another writer left it. */
export async function projectRunnersTokenEnc(projectId: number): Promise<string | null> {
  const row = await (await getDb()).project.findUnique({ where: { id: projectId }, select: { runnersTokenEnc: true } })
  return row?.runnersTokenEnc ?? null
}

/** The id of the project whose token has this digest. */
export async function projectIdByRunnersTokenDigest(digest: string): Promise<number | null> {
  const row = await (await getDb()).project.findUnique({ where: { runnersTokenDigest: digest }, select: { id: true } })
  return row?.id ?? null
}

/** The project's token, created on first read (or a new one with `reset`). */
export async function projectRegistrationToken(
  p: Pick<Project, 'id' | 'runnersTokenEnc'>,
  reset = false,
): Promise<string> {
  const existing = !reset && p.runnersTokenEnc ? decryptSecret(p.runnersTokenEnc) : null
  if (existing) return existing
  const token = newToken()
  if (
    await replaceProjectRunnersToken(
      p.id,
      reset ? undefined : p.runnersTokenEnc,
      encryptSecret(token),
      digestToken(token),
    )
  )
    return token
  const stored = await projectRunnersTokenEnc(p.id)
  return (stored && decryptSecret(stored)) || token
}

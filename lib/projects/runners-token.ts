// A project's legacy runner registration token columns (lib/runners/registration-tokens.ts makes,
// encrypts and checks the tokens; the columns are the Project table's, so lib/projects writes them).
import { getDb } from '../db'

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

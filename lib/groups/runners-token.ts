// A group's legacy runner registration token columns (lib/runners/registration-tokens.ts makes,
// encrypts and checks the tokens; the columns are the Namespace table's, so lib/groups writes them).
import { getDb } from '../db'

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

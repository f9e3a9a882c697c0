// What happens to the rows that name a user when the user is deleted (GitLab's
// Users::MigrateRecordsToGhostUserService and the users table's dependent associations). Foreign keys
// to User cascade or set null by themselves; the other columns, and those that must survive with the
// ghost user, say it in the schema: `/// @user(<action>[/<action on hard_delete>])` on the column,
// where the action is ghost (reassigned to the ghost user), nullify, delete or keep (history).
// Reading it from the schema keeps one list, and a new column without a word fails its unit test.
import type { Prisma } from './index'
import { must } from '../util/defined'
import { models, type ModelName } from './model-map'

export type UserRowAction = 'ghost' | 'nullify' | 'delete' | 'keep'

export interface UserReference {
  model: ModelName
  field: string
  /** On a plain delete. */
  soft: UserRowAction
  /** With hard_delete (ghost is not allowed here: a hard delete migrates nothing). */
  hard: Exclude<UserRowAction, 'ghost'>
}

const USER = /@user\((\w+)(?:\/(\w+))?\)/
const ACTIONS: readonly string[] = ['ghost', 'nullify', 'delete', 'keep']

export function userReferences(): UserReference[] {
  return models().flatMap((m) =>
    Object.entries(m.fields).flatMap(([field, f]) => {
      const match = f.documentation ? USER.exec(f.documentation) : null
      if (!match) return []
      const [, soft = '', hard = soft] = match
      if (!ACTIONS.includes(soft) || !ACTIONS.includes(hard) || hard === 'ghost')
        throw new Error(`${m.name}.${field}: bad ${match[0]}`)
      return [{ model: m.name, field, soft: soft as UserRowAction, hard: hard as UserReference['hard'] }]
    }),
  )
}

type Delegate = {
  updateMany: (args: { where: object; data: object }) => Promise<unknown>
  deleteMany: (args: { where: object }) => Promise<unknown>
}
const delegateOf = (tx: Prisma.TransactionClient, model: ModelName) =>
  must(
    (tx as unknown as Record<string, Delegate | undefined>)[model.charAt(0).toLowerCase() + model.slice(1)],
    `delegate of ${model}`,
  )

/**
 * Releases every row that names `userId`, inside the deletion's transaction: reassigned to
 * `ghostId`, nulled, deleted or kept as the schema says (a null ghost: hard_delete's actions). Run before the user's row goes, so the
 * foreign keys that set null (issue and epic authors) find nothing left to null.
 */
export async function releaseUserRows(
  tx: Prisma.TransactionClient,
  userId: number,
  ghostId: number | null,
): Promise<void> {
  for (const ref of userReferences()) {
    const action = ghostId === null ? ref.hard : ref.soft
    const where = { [ref.field]: userId }
    const rows = delegateOf(tx, ref.model)
    if (action === 'ghost') await rows.updateMany({ where, data: { [ref.field]: ghostId } })
    else if (action === 'nullify') await rows.updateMany({ where, data: { [ref.field]: null } })
    else if (action === 'delete') await rows.deleteMany({ where })
  }
}

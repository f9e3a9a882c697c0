// Feature flags stored in the database (GitLab's Flipper over ActiveRecord): a flag is on for
// everyone when its boolean gate is set, or for the users, projects and groups of its actors gate.
// A flag the database does not know is off.
//
// Reads come from a per-process snapshot of the whole table (flags are few; one query fills it),
// kept for the write generation: a flag switched in any process counts from the next request.
import { generationCache, getDb } from '../db'
import type { FeatureFlag, FeatureFlagActor } from '../db'

export type FlagActorType = 'User' | 'Project' | 'Group'
export type FlagRow = FeatureFlag & { actors: FeatureFlagActor[] }

/** Who a check is for: any of them enabled on the flag's actors gate turns it on. */
export interface FeatureActor {
  userId?: number
  projectId?: number
  groupId?: number
}

interface FlagState {
  enabled: boolean
  /** Flipper ids: `User:1`, `Project:2`, `Group:3`. */
  actors: ReadonlySet<string>
}

export const flipperId = (type: string, id: number) => `${type}:${id}`

const snapshots = generationCache<'all', Map<string, FlagState>>('features')

async function loadSnapshot(): Promise<Map<string, FlagState>> {
  const rows = await (await getDb()).featureFlag.findMany({ include: { actors: true } })
  return new Map(
    rows.map((r) => [
      r.name,
      { enabled: r.enabled, actors: new Set(r.actors.map((a) => flipperId(a.actorType, a.actorId))) },
    ]),
  )
}

export async function featureEnabled(name: string, actor?: FeatureActor): Promise<boolean> {
  const flag = (await snapshots.read('all', loadSnapshot)).get(name)
  if (!flag) return false
  if (flag.enabled) return true
  if (!actor) return false
  return (
    (actor.userId !== undefined && flag.actors.has(flipperId('User', actor.userId))) ||
    (actor.projectId !== undefined && flag.actors.has(flipperId('Project', actor.projectId))) ||
    (actor.groupId !== undefined && flag.actors.has(flipperId('Group', actor.groupId)))
  )
}

/** Every persisted flag with its actors, by name (fresh: the admin list shows what is stored). */
export async function listFeatureFlags(): Promise<FlagRow[]> {
  return (await getDb()).featureFlag.findMany({
    include: { actors: { orderBy: { id: 'asc' } } },
    orderBy: { name: 'asc' },
  })
}

export async function featureFlag(name: string): Promise<FlagRow | null> {
  return (await getDb()).featureFlag.findUnique({ where: { name }, include: { actors: { orderBy: { id: 'asc' } } } })
}

/**
 * Flipper's boolean gate: enabling or disabling globally replaces every gate of the flag (its
 * ActiveRecord adapter clears the feature's gate rows), creating the flag when it is new.
 */
export async function setFeatureGlobally(name: string, enabled: boolean): Promise<FlagRow> {
  const db = await getDb()
  await db.$transaction(async (tx) => {
    await tx.featureFlag.upsert({ where: { name }, create: { name, enabled }, update: { enabled } })
    await tx.featureFlagActor.deleteMany({ where: { flagName: name } })
  })
  return (await featureFlag(name))!
}

/**
 * Flipper's actors gate: adds or removes the actors; the flag is persisted either way (Flipper adds
 * the feature before changing a gate), its boolean gate untouched.
 */
export async function setFeatureForActors(
  name: string,
  enabled: boolean,
  actors: readonly { type: FlagActorType; id: number }[],
): Promise<FlagRow> {
  const db = await getDb()
  await db.$transaction(async (tx) => {
    await tx.featureFlag.upsert({ where: { name }, create: { name }, update: {} })
    for (const a of actors) {
      const where = { flagName_actorType_actorId: { flagName: name, actorType: a.type, actorId: a.id } }
      if (enabled)
        await tx.featureFlagActor.upsert({
          where,
          create: { flagName: name, actorType: a.type, actorId: a.id },
          update: {},
        })
      else await tx.featureFlagActor.deleteMany({ where: { flagName: name, actorType: a.type, actorId: a.id } })
    }
  })
  return (await featureFlag(name))!
}

/** Removes the flag and its gates; nothing to remove is no error (GitLab answers the same). */
export async function removeFeatureFlag(name: string): Promise<void> {
  const db = await getDb()
  await db.$transaction([
    db.featureFlagActor.deleteMany({ where: { flagName: name } }),
    db.featureFlag.deleteMany({ where: { name } }),
  ])
}

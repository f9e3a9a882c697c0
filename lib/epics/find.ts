// Resolves an epic of a group the caller already reads. GitLab authorises against the epic it looked
// up, even a missing one, so an unknown iid and an unreadable epic both answer 403, never 404.
import { forbidden } from '../api/errors'
import type { Actor } from '../auth/actor'
import { getDb, type Epic, type Namespace } from '../db'
import { epicRights, type EpicRights } from './access'

/** The epic `iid` of `group` (no permission check): for callers that decide on their own. */
export async function epicByIid(groupId: number, iid: number): Promise<Epic | null> {
  return (await getDb()).epic.findUnique({ where: { groupId_iid: { groupId, iid } } })
}

export const canReadEpic = (rights: EpicRights, epic: Pick<Epic, 'confidential'>) =>
  rights.read && (!epic.confidential || rights.readConfidential)

/** The epic `iid` of `group` if the actor may read it; 403 `{"message":"403 Forbidden"}` otherwise. */
export async function findReadableEpic(actor: Actor | null, group: Namespace, iid: number): Promise<Epic> {
  return (await findEpicWithRights(actor, group, iid)).epic
}

/** The readable epic and the actor's rights on the group's epics (update and delete check further). */
export async function findEpicWithRights(
  actor: Actor | null,
  group: Namespace,
  iid: number,
): Promise<{ epic: Epic; rights: EpicRights }> {
  const [epic, rights] = await Promise.all([epicByIid(group.id, iid), epicRights(actor, group)])
  if (!epic || !canReadEpic(rights, epic)) throw forbidden()
  return { epic, rights }
}

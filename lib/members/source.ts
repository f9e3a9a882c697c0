// A membership source: a group or a project. Both kinds share one service and one set of
// endpoint definitions; this is the only place that knows how they differ.
import { forbidden } from '../api/errors'
import type { Actor } from '../auth/actor'
import { can, type Subject } from '../auth/policy'
import { findGroup, groupSubject } from '../groups/find'
import { findProject, projectSubject } from '../projects/find'
import { ancestorIds } from '../util/traversal-ids'

export type SourceKind = 'groups' | 'projects'

export interface MemberSource {
  kind: SourceKind
  sourceType: 'Namespace' | 'Project'
  id: number
  subject: Subject
  /** Ancestor namespace ids, nearest last (for inherited members). */
  ancestors: number[]
}

export async function findSource(actor: Actor | null, kind: SourceKind, id: string): Promise<MemberSource> {
  if (kind === 'groups') {
    const g = await findGroup(actor, id)
    const ancestors = ancestorIds(g.traversalIds).filter((n) => n !== g.id)
    return { kind, sourceType: 'Namespace', id: g.id, subject: groupSubject(g), ancestors }
  }
  const p = await findProject(actor, id)
  return { kind, sourceType: 'Project', id: p.id, subject: projectSubject(p), ancestors: ancestorIds(p.traversalIds) }
}

/** Reading members needs read access to the source (already checked by findSource) and its members. */
export async function readableSource(actor: Actor | null, kind: SourceKind, id: string): Promise<MemberSource> {
  const source = await findSource(actor, kind, id)
  const ok =
    source.subject.type === 'group'
      ? await can(actor, 'read_group_member', source.subject)
      : await can(actor, 'read_project_member', source.subject)
  if (!ok) throw forbidden()
  return source
}

export const canManageMembers = (actor: Actor, source: MemberSource) =>
  source.subject.type === 'group'
    ? can(actor, 'admin_group_member', source.subject)
    : can(actor, 'admin_project_member', source.subject)

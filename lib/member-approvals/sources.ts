// Names and console paths of membership sources (groups and projects) by type and id, loaded in
// two queries for any number of rows (the approvals list; invitation e-mails and the accept page,
// lib/invitations, which builds on this folder).
import { consolePath } from '../util/console-path'
import { namespacesByIds } from '../groups/namespaces'
import { projectsByIds } from '../projects/find'

export interface SourceInfo {
  sourceType: string
  id: number
  kind: 'group' | 'project'
  name: string
  fullPath: string
  /** The console page of the source. */
  consolePath: string
}

const keyOf = (sourceType: string, id: number) => `${sourceType}:${id}`

export async function sourceInfos(rows: { sourceType: string; sourceId: number }[]): Promise<Map<string, SourceInfo>> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.sourceType === type).map((r) => r.sourceId))]
  const [groups, projects] = await Promise.all([namespacesByIds(ids('Namespace')), projectsByIds(ids('Project'))])
  const out = new Map<string, SourceInfo>()
  const add = (sourceType: string, kind: 'group' | 'project', id: number, name: string, fullPath: string) =>
    out.set(keyOf(sourceType, id), {
      sourceType,
      id,
      kind,
      name,
      fullPath,
      consolePath: consolePath(kind === 'group' ? 'groups' : 'projects', fullPath),
    })
  for (const g of groups) add('Namespace', 'group', g.id, g.fullName, g.fullPath)
  for (const p of projects) add('Project', 'project', p.id, p.name, p.fullPath)
  return out
}

export const sourceInfoOf = (infos: Map<string, SourceInfo>, r: { sourceType: string; sourceId: number }) =>
  infos.get(keyOf(r.sourceType, r.sourceId)) ?? null

export async function sourceInfo(sourceType: string, sourceId: number): Promise<SourceInfo | null> {
  return sourceInfoOf(await sourceInfos([{ sourceType, sourceId }]), { sourceType, sourceId })
}

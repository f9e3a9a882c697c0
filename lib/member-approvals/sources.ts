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
  for (const g of groups)
    out.set(keyOf('Namespace', g.id), {
      sourceType: 'Namespace',
      id: g.id,
      kind: 'group',
      name: g.fullName,
      fullPath: g.fullPath,
      consolePath: consolePath('groups', g.fullPath),
    })
  for (const p of projects)
    out.set(keyOf('Project', p.id), {
      sourceType: 'Project',
      id: p.id,
      kind: 'project',
      name: p.name,
      fullPath: p.fullPath,
      consolePath: consolePath('projects', p.fullPath),
    })
  return out
}

export const sourceInfoOf = (infos: Map<string, SourceInfo>, r: { sourceType: string; sourceId: number }) =>
  infos.get(keyOf(r.sourceType, r.sourceId)) ?? null

export async function sourceInfo(sourceType: string, sourceId: number): Promise<SourceInfo | null> {
  return sourceInfoOf(await sourceInfos([{ sourceType, sourceId }]), { sourceType, sourceId })
}

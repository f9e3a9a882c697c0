// CI/CD variables of projects and their groups (GitLab's Ci::Variable / Ci::GroupVariable), as a
// pipeline sees them: the project's own over its groups', nearer groups over farther ones,
// protected ones only on protected refs. Values are stored encrypted.
import { getDb } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { decryptSecret } from '../settings/secrets'

export interface PipelineVariable {
  key: string
  value: string
  variableType: string
  masked: boolean
}

export async function variablesForPipeline(project: ProjectWithNamespace, protectedRef: boolean): Promise<PipelineVariable[]> {
  const db = await getDb()
  const groupIds = project.traversalIds.split('/').filter(Boolean).map(Number)
  const rows = await db.ciVariable.findMany({
    where: {
      OR: [{ projectId: project.id }, ...(groupIds.length ? [{ groupId: { in: groupIds } }] : [])],
      environmentScope: '*',
      ...(protectedRef ? {} : { protected: false }),
    },
  })
  const rank = (r: (typeof rows)[number]) => (r.projectId ? groupIds.length : groupIds.indexOf(r.groupId!))
  const out = new Map<string, PipelineVariable>()
  for (const r of rows.sort((a, b) => rank(a) - rank(b))) {
    const value = decryptSecret(r.valueEnc)
    if (value != null) out.set(r.key, { key: r.key, value, variableType: r.variableType, masked: r.masked })
  }
  return [...out.values()]
}

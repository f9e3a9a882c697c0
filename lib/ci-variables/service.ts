// CI/CD variables of projects and groups (GitLab's Ci::Variable / Ci::GroupVariable and
// lib/api/ci/variables.rb, group_variables.rb). Values are stored encrypted. A pipeline sees the
// project's own over its groups', nearer groups over farther ones, protected ones only on
// protected refs.
import { notFound, validation } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { getDb, uniqueAs } from '../db'
import type { CiVariable } from '../db'
import type { ProjectWithNamespace } from '../projects/entity'
import { checkVariableKey } from '../pipeline-schedules/rules'
import { decryptSecret, encryptSecret } from '../settings/secrets'
import { ancestorIds } from '../util/traversal-ids'

export interface PipelineVariable {
  key: string
  value: string
  variableType: string
  masked: boolean
}

export type VariableOwner = { projectId: number } | { groupId: number }

export interface VariableInput {
  key?: string
  value?: string
  variable_type?: 'env_var' | 'file'
  protected?: boolean
  masked?: boolean
  raw?: boolean
  environment_scope?: string
  description?: string | null
}

/** GitLab's masked-value rule: 8+ characters of the Base64 alphabet plus @:.~- and no spaces. */
const MASKABLE = /^[a-zA-Z0-9_+=/@:.~-]{8,}$/

function check(input: VariableInput, masked: boolean, value: string) {
  if (input.key !== undefined) checkVariableKey(input.key)
  if (masked && !MASKABLE.test(value)) throw validation({ value: ['is invalid'] })
  if (input.description && input.description.length > 255)
    throw validation({ description: ['is too long (maximum is 255 characters)'] })
}

export function variableValue(v: CiVariable): string {
  return decryptSecret(v.valueEnc) ?? ''
}

export async function listVariables(owner: VariableOwner, window: PageWindow) {
  const db = await getDb()
  const where = owner
  return offsetList(
    'ciVariable',
    where,
    window,
    db.ciVariable.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}

export async function findVariable(owner: VariableOwner, key: string, scope?: string): Promise<CiVariable> {
  const db = await getDb()
  const rows = await db.ciVariable.findMany({
    where: { ...owner, key, ...(scope ? { environmentScope: scope } : {}) },
    orderBy: { id: 'asc' },
    take: 2,
  })
  const [row] = rows
  if (!row) throw notFound('Variable')
  return row
}

export async function createVariable(
  owner: VariableOwner,
  input: VariableInput & { key: string; value: string },
): Promise<CiVariable> {
  check(input, !!input.masked, input.value)
  const db = await getDb()
  return await db.ciVariable
    .create({
      data: {
        ...owner,
        key: input.key,
        valueEnc: encryptSecret(input.value),
        variableType: input.variable_type ?? 'env_var',
        protected: input.protected ?? false,
        masked: input.masked ?? false,
        raw: input.raw ?? false,
        environmentScope: input.environment_scope || '*',
        description: input.description ?? null,
      },
    })
    .catch(uniqueAs(() => validation({ key: [`(${input.key}) has already been taken`] })))
}

export async function updateVariable(v: CiVariable, input: VariableInput): Promise<CiVariable> {
  const value = input.value ?? variableValue(v)
  check({ ...input, key: undefined }, input.masked ?? v.masked, value)
  const db = await getDb()
  return db.ciVariable.update({
    where: { id: v.id },
    data: {
      ...(input.value !== undefined ? { valueEnc: encryptSecret(input.value) } : {}),
      ...(input.variable_type !== undefined ? { variableType: input.variable_type } : {}),
      ...(input.protected !== undefined ? { protected: input.protected } : {}),
      ...(input.masked !== undefined ? { masked: input.masked } : {}),
      ...(input.raw !== undefined ? { raw: input.raw } : {}),
      ...(input.environment_scope ? { environmentScope: input.environment_scope } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    },
  })
}

export async function deleteVariable(v: CiVariable): Promise<void> {
  const db = await getDb()
  await db.ciVariable.delete({ where: { id: v.id } })
}

export async function variablesForPipeline(
  project: ProjectWithNamespace,
  protectedRef: boolean,
): Promise<PipelineVariable[]> {
  const db = await getDb()
  const groupIds = ancestorIds(project.traversalIds)
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

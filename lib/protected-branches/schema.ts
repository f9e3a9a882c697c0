import { z } from 'zod'
import { int } from '../api/json-types'
import { p } from '../api/param-types'

export const PUSH_MERGE_LEVELS = [0, 30, 40, 60] as const
export const UNPROTECT_LEVELS = [30, 40, 60] as const

/** One `allowed_to_*` entry; PATCH also sends `id` (to change or, with `_destroy`, remove it). */
const entry = (levels: readonly number[]) =>
  z.object({
    id: p.optional(p.int()),
    access_level: p.optional(p.intIn(levels)),
    user_id: p.optional(p.int()),
    group_id: p.optional(p.int()),
    deploy_key_id: p.optional(p.int()),
    _destroy: p.optional(p.bool()),
    destroy: p.optional(p.bool()),
  })
export type EntryParams = z.infer<ReturnType<typeof entry>>

const lists = {
  allowed_to_push: p.optional(z.array(entry(PUSH_MERGE_LEVELS))),
  allowed_to_merge: p.optional(z.array(entry(PUSH_MERGE_LEVELS))),
  allowed_to_unprotect: p.optional(z.array(entry(UNPROTECT_LEVELS))),
}
const flags = {
  allow_force_push: p.optional(p.bool()),
  code_owner_approval_required: p.optional(p.bool()),
}

export const listParams = z.object({ id: p.id(), search: p.optional(p.string()) })
export const ruleParams = z.object({ id: p.id(), name: p.string() })
export const protectParams = z.object({
  id: p.id(),
  name: p.string(),
  push_access_level: p.optional(p.intIn(PUSH_MERGE_LEVELS)),
  merge_access_level: p.optional(p.intIn(PUSH_MERGE_LEVELS)),
  unprotect_access_level: p.optional(p.intIn(UNPROTECT_LEVELS)),
  ...flags,
  ...lists,
})
export type ProtectParams = z.infer<typeof protectParams>
export const updateParams = z.object({ id: p.id(), name: p.string(), ...flags, ...lists })
export type UpdateParams = z.infer<typeof updateParams>

const accessEntry = z.strictObject({
  id: int(),
  access_level: int().nullable(),
  access_level_description: z.string(),
  user_id: int().nullable(),
  group_id: int().nullable(),
  deploy_key_id: int().nullable().optional(),
})

/** Entities::ProtectedBranch (deploy_key_id on push entries only). */
export const protectedBranchSchema = z.strictObject({
  id: int(),
  name: z.string(),
  push_access_levels: z.array(accessEntry),
  merge_access_levels: z.array(accessEntry),
  unprotect_access_levels: z.array(accessEntry),
  allow_force_push: z.boolean(),
  code_owner_approval_required: z.boolean(),
  inherited: z.boolean(),
})
export type ProtectedBranchJson = z.infer<typeof protectedBranchSchema>

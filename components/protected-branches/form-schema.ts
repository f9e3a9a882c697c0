// The "Protect a branch" form validates with the endpoint's own params (lib/protected-branches/
// schema.ts) for the levels and the force-push flag, so browser and API coerce and reject alike;
// the name is tightened to give a form-friendly message before the round trip.
import { z } from 'zod'
import { p } from '@/lib/api/param-types'
import { protectParams } from '@/lib/protected-branches/schema'

export const protectFormSchema = protectParams
  .pick({ push_access_level: true, merge_access_level: true, allow_force_push: true })
  .extend({
    name: z.string().trim().min(1, "Branch name can't be blank"),
    // <select multiple> yields the chosen ids as strings.
    merge_user_ids: z.array(p.int()),
    push_user_ids: z.array(p.int()),
    merge_group_ids: z.array(p.int()),
    push_group_ids: z.array(p.int()),
  })

export type ProtectFormInput = z.input<typeof protectFormSchema>
export type ProtectFormOutput = z.output<typeof protectFormSchema>

export const protectFormDefaults = (): ProtectFormInput => ({
  name: '',
  merge_access_level: '40',
  push_access_level: '40',
  allow_force_push: false,
  merge_user_ids: [],
  push_user_ids: [],
  merge_group_ids: [],
  push_group_ids: [],
})

/** The POST body: the role level plus one `{user_id}` / `{group_id}` entry per chosen member or group, as GitLab's UI sends. */
export function toApiBody(v: ProtectFormOutput) {
  return {
    name: v.name,
    merge_access_level: v.merge_access_level,
    push_access_level: v.push_access_level,
    allow_force_push: v.allow_force_push ?? false,
    allowed_to_merge: [
      ...v.merge_user_ids.map((user_id) => ({ user_id })),
      ...v.merge_group_ids.map((group_id) => ({ group_id })),
    ],
    allowed_to_push: [
      ...v.push_user_ids.map((user_id) => ({ user_id })),
      ...v.push_group_ids.map((group_id) => ({ group_id })),
    ],
  }
}

// `abilities` of GET /groups/:id: the viewer's group policy abilities (lib/auth/policy.ts).
import type { Namespace } from '../db'
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { abilitiesOf, abilityFlags } from '../auth/abilities'
import { GROUP_ABILITY_NAMES } from '../auth/policy'
import { groupSubject } from './find'

export const groupAbilitiesSchema = abilityFlags(GROUP_ABILITY_NAMES).extend({ request_access: z.boolean() })
export type GroupAbilities = z.infer<typeof groupAbilitiesSchema>

export const groupAbilities = (actor: Actor | null, group: Namespace): Promise<GroupAbilities> => abilitiesOf(actor, groupSubject(group), GROUP_ABILITY_NAMES)

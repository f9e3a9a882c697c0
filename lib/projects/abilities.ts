// `abilities` of GET /projects/:id: the viewer's project policy abilities (lib/auth/policy.ts).
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { abilitiesOf, abilityFlags } from '../auth/abilities'
import { PROJECT_ABILITY_NAMES } from '../auth/policy'
import type { ProjectWithNamespace } from './entity'
import { projectSubject } from './find'

export const projectAbilitiesSchema = abilityFlags(PROJECT_ABILITY_NAMES).extend({ request_access: z.boolean() })
export type ProjectAbilities = z.infer<typeof projectAbilitiesSchema>

export const projectAbilities = (actor: Actor | null, project: ProjectWithNamespace): Promise<ProjectAbilities> => abilitiesOf(actor, projectSubject(project), PROJECT_ABILITY_NAMES)

// `abilities` of GET /projects/:id: the viewer's project policy abilities (lib/auth/policy.ts).
import { z } from 'zod'
import type { Actor } from '../auth/actor'
import { abilitiesOf, abilityFlags } from '../auth/abilities'
import { PROJECT_ABILITY_NAMES } from '../auth/policy'
import type { ProjectWithNamespace } from './entity'
import { projectSchema } from './schema'
import { projectSubject } from './find'

export const projectAbilitiesSchema = abilityFlags(PROJECT_ABILITY_NAMES).extend({ request_access: z.boolean() })
export type ProjectAbilities = z.infer<typeof projectAbilitiesSchema>

/** GET /projects/:id only: the project plus what the viewer may do (the console's tabs and buttons read it). */
export const projectShowSchema = projectSchema.extend({ abilities: projectAbilitiesSchema })

export const projectAbilities = (actor: Actor | null, project: ProjectWithNamespace): Promise<ProjectAbilities> =>
  abilitiesOf(actor, projectSubject(project), PROJECT_ABILITY_NAMES)

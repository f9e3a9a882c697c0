// The oracle for the registry's token server, `GET /jwt/auth` (GitLab's JwtController and
// Auth::ContainerRegistryAuthenticationService), from gitlab-rules.yaml's `registry_token`: Basic
// credentials fail → 401; a credential that authenticates but carries no registry ability → 403;
// else 200 with a JWT granting, of the actions asked for on the subject's project, those both the
// credential allows (its scopes) and the actor's role allows (the actions' profiles).
import {
  ACTORS,
  expectedCell,
  isScopeActor,
  resolve,
  SCOPE_ACTORS,
  TOKEN_ACTORS,
  type AnyActor,
  type Expected,
  type RegistryAction,
  type Rules,
  type Visibility,
} from './rules'

export interface RegistryCell {
  expected: Expected
  /** The actions granted on the project (for a 200). */
  actions?: RegistryAction[]
}

/** What the actor's credential may ask for at all: by its token's scope (the matrix's actors hold `api` tokens). */
function credentialActions(rules: Rules, actor: AnyActor): RegistryAction[] {
  const t = rules.registry_token
  if (actor === 'anonymous') return t.anonymous_actions
  const scope = isScopeActor(actor) ? SCOPE_ACTORS[actor] : actor === 'read_api' ? 'read_api' : 'api'
  return t.scope_actions[scope] ?? []
}

export function expectedRegistryCell(rules: Rules, actor: AnyActor, v: Visibility): RegistryCell {
  const t = rules.registry_token
  if ((TOKEN_ACTORS as readonly string[]).includes(actor)) return { expected: resolve(rules, t.unauthenticated) }
  const allowed = credentialActions(rules, actor)
  if (!allowed.length) return { expected: resolve(rules, t.no_ability) }
  // A scoped token is the maintainer's: its role decides what its scopes allow.
  const as = isScopeActor(actor) || actor === 'read_api' ? 'maintainer' : actor
  const actions = allowed.filter((action) => {
    const row = { route: t.route, profile: t.actions[action], cite: t.cite }
    const s = expectedCell(rules, row, as, v).status
    return s >= 200 && s < 300
  })
  return { expected: { status: 200 }, actions }
}

/** Every actor the token server's cells are made for. */
export const REGISTRY_ACTORS: AnyActor[] = [
  ...(Object.keys(ACTORS) as AnyActor[]),
  ...TOKEN_ACTORS,
  ...(Object.keys(SCOPE_ACTORS) as AnyActor[]),
]

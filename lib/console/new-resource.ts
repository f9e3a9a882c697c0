// Pure rules of the console's "New group" and "New project" forms: the path suggested from the
// name, the path's own format, and which visibility levels may be chosen under a parent with the
// instance's restricted levels. The API decides in the end; these only spare the user a refusal.
import { exceedsVisibility, VISIBILITIES, visibilityRank, type Visibility } from '../groups/visibility-levels'
import { pathErrors, pathFromName } from '../routes/path-rules'

/** The path the form proposes for a name: the API's own derivation, accents dropped first ("Café" → "cafe"). */
export const suggestPath = (name: string) => pathFromName(name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))

/** The first format problem of a path (as the API words it, after "Path"), or null. */
export function pathFormatError(path: string, topLevel: boolean): string | null {
  return pathErrors(path, topLevel)[0] ?? null
}

export const VISIBILITY_HINTS: Record<Visibility, string> = {
  private: 'Only members can see it.',
  internal: 'Any signed-in user, except external users, can see it.',
  public: 'Anyone can see it, signed in or not.',
}

export interface VisibilityOption {
  value: Visibility
  label: string
  /** Why it cannot be chosen; null when it can. */
  disabledReason: string | null
}

export interface VisibilityLimits {
  /** The visibility of the parent group or namespace (a personal namespace sets no limit). */
  parent?: { visibility: string; kind: 'group' | 'user'; name: string }
  /** restricted_visibility_levels; administrators may still use them, as in GitLab. */
  restricted: readonly string[]
  admin: boolean
}

const title = (v: string) => v.charAt(0).toUpperCase() + v.slice(1)

/** The three levels, each with why it is unavailable: above the parent group, or restricted by the administrator. */
export function visibilityOptions({ parent, restricted, admin }: VisibilityLimits): VisibilityOption[] {
  return VISIBILITIES.map((value) => {
    const aboveParent = parent?.kind === 'group' && exceedsVisibility(value, parent.visibility)
    const isRestricted = !admin && restricted.includes(value)
    const disabledReason = aboveParent
      ? `Not available: the parent group ${parent.name} is ${parent.visibility}.`
      : isRestricted
        ? 'Restricted by your administrator.'
        : null
    return { value, label: title(value), disabledReason }
  })
}

/** The level preselected: the instance default when it can be chosen, else the most open one below it that can. */
export function initialVisibility(options: readonly VisibilityOption[], instanceDefault: string): Visibility | null {
  const allowed = options.filter((o) => !o.disabledReason)
  const atOrBelow = allowed.filter((o) => visibilityRank(o.value) <= visibilityRank(instanceDefault))
  return (atOrBelow[atOrBelow.length - 1] ?? allowed[0])?.value ?? null
}

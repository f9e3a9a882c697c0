// The item a detail page shows, named for its title and breadcrumbs ("Fix login (#3)" for
// /-/issues/3): issue, pipeline, job, pipeline schedule, snippet, registry repository, epic.
// Memoised per request (React's cache) so generateMetadata and the page's breadcrumbs share one
// API call.
import { cache } from 'react'
import type { Crumb } from './navigation-types'
import { api } from './api'
import { endpoints } from './generated/endpoint-refs'
import { intParam } from './paths'

/**
 * Crumbs after the section's own ("Issues"): the item, then "Edit" on its edit page. Empty for the
 * section's index or an unknown path (the page answers 404 on its own). `base` is the section's URL.
 */
async function itemCrumbs(
  kind: 'projects' | 'groups',
  ownerId: number,
  section: string,
  restKey: string,
  base: string,
): Promise<Crumb[]> {
  const rest = restKey ? restKey.split('/') : []
  if (rest.length === 0) return []
  const noun = NEW_NOUNS[`${kind}:${section}`]
  if (rest.length === 1 && rest[0] === 'new' && noun) return [{ label: `New ${noun}` }]
  const id = intParam(rest[0])
  if (!id) return []
  const name = await itemName(kind, ownerId, section, id)
  if (name === null) return []
  const editable = noun !== undefined
  if (rest.length === 2 && rest[1] === 'edit' && editable)
    return [{ label: name, href: `${base}/${id}` }, { label: 'Edit' }]
  return rest.length === 1 ? [{ label: name }] : []
}

/** Sections with a "new" page and an "edit" page per item: the noun their crumbs use. */
const NEW_NOUNS: Record<string, string> = {
  'projects:issues': 'issue',
  'projects:snippets': 'snippet',
  'groups:epics': 'epic',
}

/** The item's name as a person reads it; its number when the API does not answer (the page shows why). */
async function itemName(
  kind: 'projects' | 'groups',
  ownerId: number,
  section: string,
  id: number,
): Promise<string | null> {
  switch (`${kind}:${section}`) {
    case 'projects:issues': {
      const res = await api(endpoints.issue.show, { id: ownerId, issue_iid: id })
      return res.ok ? `${res.body.title} (#${id})` : `Issue #${id}`
    }
    case 'projects:pipelines':
      // A pipeline is known by its number (GitLab's own title names it so).
      return `Pipeline #${id}`
    case 'projects:jobs': {
      const res = await api(endpoints.job.show, { id: ownerId, job_id: id })
      return res.ok ? `${res.body.name} (#${id})` : `Job #${id}`
    }
    case 'projects:pipeline_schedules': {
      const res = await api(endpoints.pipelineSchedule.show, { id: ownerId, pipeline_schedule_id: id })
      return res.ok ? res.body.description : `Schedule #${id}`
    }
    case 'projects:snippets': {
      const res = await api(endpoints.snippet.show, { id: ownerId, snippet_id: id })
      return res.ok ? res.body.title : `Snippet #${id}`
    }
    case 'projects:container_registry': {
      const res = await api(endpoints.containerRegistry.show, { id })
      return res.ok && res.body.project_id === ownerId ? res.body.path : `Repository #${id}`
    }
    case 'groups:epics': {
      const res = await api(endpoints.epic.show, { id: ownerId, epic_iid: id })
      return res.ok ? `${res.body.title} (&${id})` : `Epic &${id}`
    }
    default:
      return null
  }
}

/** Cached on primitives (React's cache compares arguments by identity). */
export const detailCrumbs = cache(itemCrumbs)

/** "Fix login (#3) · Issues · Group / Project": the page's own name first, the way GitLab titles pages. */
export function detailTitle(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((p): p is string => !!p).join(' · ')
}

import { describe, expect, it } from 'vitest'
import { webUrlTarget, type WebUrlLookup } from './web-url-target'

const lookup: WebUrlLookup = {
  project: async (p) =>
    ({ 'acme/app': 'acme/app', 'acme/sub/tool': 'acme/sub/tool', 'acme/old-name': 'acme/new-name' })[p] ?? null,
  group: async (p) => (['acme', 'acme/sub'].includes(p) ? p : null),
  user: async (u) => (u === 'jdoe' ? 7 : null),
  serves: (kind, section) =>
    kind === 'projects'
      ? ['pipelines', 'jobs', 'issues', 'snippets', 'settings', 'pipeline_schedules'].includes(section[0]!)
      : section[0] === 'epics',
}
const admin = { signedIn: true, admin: true }
const member = { signedIn: true, admin: false }
const at = (path: string, viewer = admin) => webUrlTarget(path.split('/').filter(Boolean), lookup, viewer)

describe('GitLab web URLs → console pages', () => {
  it('opens projects and their sub-pages under /projects', async () => {
    expect(await at('/acme/app')).toBe('/projects/acme/app')
    expect(await at('/acme/sub/tool')).toBe('/projects/acme/sub/tool')
    expect(await at('/acme/app/-/pipelines/5')).toBe('/projects/acme/app/-/pipelines/5')
    expect(await at('/acme/app/-/jobs/9')).toBe('/projects/acme/app/-/jobs/9')
    expect(await at('/acme/app/-/issues/3')).toBe('/projects/acme/app/-/issues/3')
    expect(await at('/acme/app/-/snippets/4')).toBe('/projects/acme/app/-/snippets/4')
    expect(await at('/acme/old-name/-/issues/3', member)).toBe('/projects/acme/new-name/-/issues/3')
  })

  it("opens GitLab's edit form of a schedule at the schedule's page, its new form at the list", async () => {
    expect(await at('/acme/app/-/pipeline_schedules/12/edit')).toBe('/projects/acme/app/-/pipeline_schedules/12')
    expect(await at('/acme/app/-/pipeline_schedules/12')).toBe('/projects/acme/app/-/pipeline_schedules/12')
    expect(await at('/acme/app/-/pipeline_schedules')).toBe('/projects/acme/app/-/pipeline_schedules')
    expect(await at('/acme/app/-/pipeline_schedules/new')).toBe('/projects/acme/app/-/pipeline_schedules')
    // Only a schedule's edit page is renamed; an issue's keeps its /edit.
    expect(await at('/acme/app/-/issues/3/edit')).toBe('/projects/acme/app/-/issues/3/edit')
  })

  it("opens a sub-page the console lacks at the project's overview", async () => {
    expect(await at('/acme/app/-/tree/main')).toBe('/projects/acme/app')
    expect(await at('/acme/app/-/commit/abc123')).toBe('/projects/acme/app')
  })

  it('opens groups under /groups, and users in the Admin area for administrators only', async () => {
    expect(await at('/acme')).toBe('/groups/acme')
    expect(await at('/acme/sub')).toBe('/groups/acme/sub')
    expect(await at('/acme/-/epics/2')).toBe('/groups/acme/-/epics/2')
    expect(await at('/jdoe')).toBe('/admin/users/7')
    expect(await at('/jdoe', member)).toBeNull()
  })

  it('names nothing the lookups do not know', async () => {
    expect(await at('/no/such/page')).toBeNull()
    expect(await at('/nobody')).toBeNull()
    expect(await at('/jdoe/-/issues/1')).toBeNull()
  })
})

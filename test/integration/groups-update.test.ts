// PUT /groups/:id: who may update, every field stored and read back, Grape-level and model-level
// validation (enums, ranges, list limits), top-level-only and admin-only fields, visibility rules,
// renames with redirects.
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../lib/db'
import { api, createGroup, createUser, unique } from '../helpers'

const group = (opts: Parameters<typeof createGroup>[0] = {}) => createGroup({ prefix: 'gu', ...opts })

describe('PUT /groups/:id', () => {
  let owner: Awaited<ReturnType<typeof createUser>>
  let maintainer: Awaited<ReturnType<typeof createUser>>
  let top: any
  let sub: any
  beforeAll(async () => {
    owner = await createUser()
    maintainer = await createUser()
    top = await group({ token: owner.token, visibility: 'public' })
    sub = await group({ token: owner.token, parent: top.id, visibility: 'public' })
    await api('POST', `/groups/${top.id}/members`, {
      token: owner.token,
      json: { user_id: maintainer.id, access_level: 40 },
    })
  })

  it('lets owners update and refuses maintainers (403) and strangers of private groups (404)', async () => {
    const res = await api('PUT', `/groups/${top.id}`, { token: owner.token, json: { description: 'Hello' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: top.id, description: 'Hello' })
    expect(res.body.runners_token).toMatch(/^GR1348941/)
    expect(
      (await api('PUT', `/groups/${top.id}`, { token: maintainer.token, json: { description: 'x' } })).body,
    ).toEqual({ message: '403 Forbidden' })
    const priv = await group({ token: owner.token })
    expect(
      (await api('PUT', `/groups/${priv.id}`, { token: maintainer.token, json: { description: 'x' } })).status,
    ).toBe(404)
    expect((await api('PUT', `/groups/${top.id}`, { token: null, json: { description: 'x' } })).status).toBe(401)
  })

  it('stores every setting and reads it back in GET and in lists', async () => {
    const g = await group({ token: owner.token })
    const body = {
      auto_devops_enabled: true,
      default_branch: 'trunk',
      default_branch_protection: 0,
      emails_enabled: false,
      lfs_enabled: false,
      mentions_disabled: true,
      project_creation_level: 'maintainer',
      request_access_enabled: false,
      require_two_factor_authentication: true,
      two_factor_grace_period: 12,
      shared_runners_setting: 'disabled_with_override',
      share_with_group_lock: true,
      subgroup_creation_level: 'owner',
      enabled_git_access_protocol: 'ssh',
      prevent_sharing_groups_outside_hierarchy: true,
      wiki_access_level: 'private',
      assistant_availability: 'never_on',
      max_artifacts_size: 50,
      math_rendering_limits_enabled: false,
      unique_project_download_limit: 10000,
      unique_project_download_limit_interval_in_seconds: 864000,
      unique_project_download_limit_allowlist: ['alice', 'bob'],
      unique_project_download_limit_alertlist: [1, 2],
      ip_restriction_ranges: '10.0.0.0/8, 192.168.1.1',
      allowed_email_domains_list: 'example.com,example.org',
      only_allow_merge_if_pipeline_succeeds: true,
      membership_lock: true,
      file_template_project_id: 7,
    }
    const res = await api('PUT', `/groups/${g.id}`, { token: owner.token, json: body })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({
      ...body,
      emails_disabled: true,
      shared_runners_setting: 'disabled_and_overridable',
      ip_restriction_ranges: '10.0.0.0/8,192.168.1.1',
      default_branch_protection_defaults: {
        allowed_to_push: [{ access_level: 30 }],
        allow_force_push: true,
        allowed_to_merge: [{ access_level: 30 }],
      },
    })
    const again = await api('GET', `/groups/${g.id}`, { token: owner.token })
    expect(again.body).toMatchObject({
      default_branch: 'trunk',
      project_creation_level: 'maintainer',
      enabled_git_access_protocol: 'ssh',
    })
    const listed = (await api('GET', '/groups', { token: owner.token, query: { search: g.path } })).body[0]
    expect(listed).toMatchObject({ lfs_enabled: false, two_factor_grace_period: 12, wiki_access_level: 'private' })

    // Form-encoded bodies (multipart clients) coerce the same; a partial hash merges.
    const form = await api('PUT', `/groups/${g.id}`, {
      token: owner.token,
      form: {
        emails_disabled: 'false',
        'default_branch_protection_defaults[allow_force_push]': 'false',
        default_branch: '',
      },
    })
    expect(form.status, form.text).toBe(200)
    expect(form.body.emails_enabled).toBe(true)
    expect(form.body.default_branch).toBeNull()
    expect(form.body.default_branch_protection_defaults).toMatchObject({
      allow_force_push: false,
      allowed_to_push: [{ access_level: 30 }],
    })
  })

  it('validates enums and the limits of the spec', async () => {
    const put = (json: object) => api('PUT', `/groups/${top.id}`, { token: owner.token, json })
    expect((await put({ project_creation_level: 'everyone' })).body).toEqual({
      error: 'project_creation_level does not have a valid value',
    })
    expect((await put({ visibility: 'secret' })).body).toEqual({ error: 'visibility does not have a valid value' })
    expect((await put({ default_branch_protection: 7 })).status).toBe(400)
    expect((await put({ unique_project_download_limit: 10001 })).body).toEqual({
      error: 'unique_project_download_limit does not have a valid value',
    })
    expect((await put({ unique_project_download_limit_interval_in_seconds: 864001 })).status).toBe(400)
    expect((await put({ unique_project_download_limit: -1 })).status).toBe(400)
    expect((await put({ two_factor_grace_period: 'soon' })).body).toEqual({
      error: 'two_factor_grace_period is invalid',
    })
    const many = Array.from({ length: 101 }, (_, i) => `user${i}`)
    expect((await put({ unique_project_download_limit_allowlist: many })).body).toEqual({
      message: { unique_project_download_limit_allowlist: ['exceeds maximum length (100 usernames)'] },
    })
    expect(
      (await put({ unique_project_download_limit_alertlist: Array.from({ length: 101 }, (_, i) => i + 1) })).status,
    ).toBe(400)
    expect((await put({ unique_project_download_limit_allowlist: many.slice(0, 100) })).status).toBe(200)
    expect((await put({ ip_restriction_ranges: '10.0.0.0/99' })).body).toEqual({
      message: { ip_restriction_ranges: ['10.0.0.0/99 is an invalid IP address range'] },
    })
    expect((await put({ name: '' })).status).toBe(400)
    expect((await put({ name: '  ' })).body).toEqual({ message: { name: ["can't be blank"] } })
    expect((await put({ path: 'bad path' })).body.message.path[0]).toMatch(/can contain only/)
  })

  it('refuses top-level-only fields on subgroups and admin-only fields to owners', async () => {
    const res = await api('PUT', `/groups/${sub.id}`, {
      token: owner.token,
      json: { prevent_sharing_groups_outside_hierarchy: true, unique_project_download_limit: 5 },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: {
        prevent_sharing_groups_outside_hierarchy: ['can only be changed on a top-level group'],
        unique_project_download_limit: ['can only be changed on a top-level group'],
      },
    })
    expect(
      (await api('PUT', `/groups/${top.id}`, { token: owner.token, json: { shared_runners_minutes_limit: 100 } })).body,
    ).toEqual({ message: '403 Forbidden' })
    const admin = await api('PUT', `/groups/${top.id}`, {
      json: { shared_runners_minutes_limit: 100, extra_shared_runners_minutes_limit: 5 },
    })
    expect(admin.body).toMatchObject({ shared_runners_minutes_limit: 100, extra_shared_runners_minutes_limit: 5 })
  })

  it('applies the visibility rules against parent, subgroups and projects', async () => {
    const parent = await group({ token: owner.token, visibility: 'internal' })
    const child = await group({ token: owner.token, parent: parent.id, visibility: 'internal' })
    expect(
      (await api('PUT', `/groups/${child.id}`, { token: owner.token, json: { visibility: 'public' } })).body,
    ).toEqual({
      message: {
        visibility_level: ['public is not allowed since the visibility level of the parent group is internal.'],
      },
    })
    expect(
      (await api('PUT', `/groups/${parent.id}`, { token: owner.token, json: { visibility: 'private' } })).body,
    ).toEqual({
      message: { visibility_level: ['private is not allowed since there are sub-groups with higher visibility.'] },
    })
    const lone = await group({ token: owner.token, visibility: 'public' })
    await api('POST', '/projects', {
      token: owner.token,
      json: { name: unique('p'), namespace_id: lone.id, visibility: 'public' },
    })
    expect(
      (await api('PUT', `/groups/${lone.id}`, { token: owner.token, json: { visibility: 'internal' } })).body,
    ).toEqual({
      message: {
        visibility_level: ['internal is not allowed since this group contains projects with higher visibility.'],
      },
    })
    expect(
      (await api('PUT', `/groups/${child.id}`, { token: owner.token, json: { visibility: 'private' } })).body
        .visibility,
    ).toBe('private')
  })

  it('renames with a redirect from the old path, refuses a taken path', async () => {
    const g = await group({ token: owner.token, visibility: 'public' })
    const child = await group({ token: owner.token, parent: g.id, visibility: 'public' })
    const other = await group({ token: owner.token })
    expect((await api('PUT', `/groups/${g.id}`, { token: owner.token, json: { path: other.path } })).body).toEqual({
      message: { path: ['has already been taken'] },
    })
    expect(
      (await api('PUT', `/groups/${g.id}`, { token: owner.token, json: { path: other.path.toUpperCase() } })).status,
    ).toBe(400)
    const newPath = unique('renamed')
    const res = await api('PUT', `/groups/${g.id}`, { token: owner.token, json: { path: newPath, name: 'Renamed' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ path: newPath, full_path: newPath, name: 'Renamed', full_name: 'Renamed' })
    const old = await api('GET', `/groups/${g.path}`, { token: owner.token })
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toContain(`/groups/${g.id}`)
    const kid = await api('GET', `/groups/${child.id}`, { token: owner.token })
    expect(kid.body).toMatchObject({ full_path: `${newPath}/${child.path}`, full_name: `Renamed / ${child.name}` })
    // Changing only the case of one's own path is not a clash.
    expect(
      (await api('PUT', `/groups/${g.id}`, { token: owner.token, json: { path: newPath.toUpperCase() } })).status,
    ).toBe(200)
    const row = await (await getDb()).redirectRoute.findFirst({ where: { pathLower: g.path.toLowerCase() } })
    expect(row?.sourceId).toBe(g.id)
  })
})

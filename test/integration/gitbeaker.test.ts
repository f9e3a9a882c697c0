// The real @gitbeaker/rest client against the server: what a TypeScript integration would do.
import { AccessLevel } from '@gitbeaker/rest'
import { describe, expect, it } from 'vitest'
import { createUser, gitlab, unique } from '../helpers'

describe('@gitbeaker/rest', () => {
  it('reads the current user and lists its personal access tokens', async () => {
    const u = await createUser()
    const client = await gitlab(u.token)
    const me = await client.Users.showCurrentUser()
    expect(me).toMatchObject({ id: u.id, username: u.username, state: 'active' })
    const tokens = await client.PersonalAccessTokens.all()
    expect(tokens.map((t) => t.id)).toContain(u.tokenId)
    expect(tokens.find((t) => t.id === u.tokenId)).toMatchObject({
      name: 'test',
      scopes: ['api'],
      active: true,
      revoked: false,
      user_id: u.id,
    })
    expect((await (await gitlab()).Users.showCurrentUser()).username).toBe('root')
  })

  it('creates, shows and lists groups', async () => {
    const api = await gitlab()
    const path = unique('gb')
    const g = await api.Groups.create(`GB ${path}`, path, { visibility: 'internal', description: 'from gitbeaker' })
    expect(g).toMatchObject({
      name: `GB ${path}`,
      path,
      full_path: path,
      visibility: 'internal',
      description: 'from gitbeaker',
    })
    const sub = await api.Groups.create('Sub', unique('sub'), { parentId: g.id })
    expect(sub).toMatchObject({ parent_id: g.id, full_name: `GB ${path} / Sub`, full_path: `${path}/${sub.path}` })
    expect((await api.Groups.show(sub.full_path)).id).toBe(sub.id)
    const listed = await api.Groups.all({ search: path })
    expect(listed.map((x) => x.id)).toEqual([g.id])
    const subs = await api.Groups.allSubgroups(g.id)
    expect(subs.map((x) => x.id)).toEqual([sub.id])
  })

  it('creates projects and follows Link pagination in Projects.all', async () => {
    const api = await gitlab()
    const tag = unique('gbp')
    const ns = await api.Groups.create(tag, tag)
    const made: number[] = []
    for (let i = 0; i < 5; i++) {
      const p = await api.Projects.create({ name: `${tag} ${i}`, namespaceId: ns.id, initializeWithReadme: i === 0 })
      made.push(p.id)
    }
    const shown = await api.Projects.show(`${tag}/${tag}-0`)
    expect(shown).toMatchObject({ id: made[0], default_branch: 'main', path_with_namespace: `${tag}/${tag}-0` })

    const offset = await api.Projects.all({ search: tag, perPage: 2, orderBy: 'id', sort: 'asc' })
    expect(offset.map((p) => p.id)).toEqual(made)
    const keyset = await api.Projects.all({ search: tag, perPage: 2, orderBy: 'id', sort: 'asc', pagination: 'keyset' })
    expect(keyset.map((p) => p.id)).toEqual(made)
    const limited = await api.Projects.all({ search: tag, perPage: 2, maxPages: 2, orderBy: 'id', sort: 'asc' })
    expect(limited.map((p) => p.id)).toEqual(made.slice(0, 4))

    const expanded = await api.Groups.allProjects(ns.id, { perPage: 2, page: 2, showExpanded: true })
    expect(expanded.data).toHaveLength(2)
    expect(expanded.paginationInfo).toEqual({ total: 5, next: 3, current: 2, previous: 1, perPage: 2, totalPages: 3 })
  })

  it('adds and lists project members, and surfaces errors with their GitLab message', async () => {
    const api = await gitlab()
    const p = await api.Projects.create({ name: unique('gbm') })
    const u = await createUser()
    const added = await api.ProjectMembers.add(p.id, AccessLevel.DEVELOPER, { userId: u.id, expiresAt: '2999-01-31' })
    expect(added).toMatchObject({ id: u.id, username: u.username, access_level: 30, expires_at: '2999-01-31' })
    const members = await api.ProjectMembers.all(p.id)
    const root = await api.Users.showCurrentUser()
    expect(members.map((m) => m.id).sort()).toEqual([root.id, u.id].sort())
    const inherited = await api.ProjectMembers.all(p.id, { includeInherited: true })
    expect(inherited.map((m) => m.id)).toContain(u.id)

    await expect(api.ProjectMembers.add(p.id, AccessLevel.DEVELOPER, { userId: u.id })).rejects.toMatchObject({
      cause: { description: 'Member already exists' },
    })
    await expect(api.Projects.show(999_999_999)).rejects.toMatchObject({
      cause: { description: '404 Project Not Found' },
    })
    // The new member's own client sees the project.
    expect((await (await gitlab(u.token)).Projects.show(p.id)).id).toBe(p.id)
  })

  it('creates, lists and removes branches, and creates tags', async () => {
    const api = await gitlab()
    const p = await api.Projects.create({ name: unique('gbr'), initializeWithReadme: true })
    const branch = await api.Branches.create(p.id, 'feature/gitbeaker', 'main')
    expect(branch.name).toBe('feature/gitbeaker')
    expect(branch.commit.id).toMatch(/^[0-9a-f]{40}$/)
    expect((await api.Branches.all(p.id)).map((b) => b.name)).toEqual(['feature/gitbeaker', 'main'])
    expect((await api.Branches.show(p.id, 'feature/gitbeaker')).name).toBe('feature/gitbeaker')

    const tag = await api.Tags.create(p.id, 'v1.0.0', 'feature/gitbeaker', { message: 'Release' })
    expect(tag).toMatchObject({ name: 'v1.0.0', message: 'Release', target: branch.commit.id })

    await api.Branches.remove(p.id, 'feature/gitbeaker')
    expect((await api.Branches.all(p.id)).map((b) => b.name)).toEqual(['main'])
    await expect(api.Branches.remove(p.id, 'main')).rejects.toMatchObject({
      cause: { description: 'Cannot remove HEAD branch' },
    })
    expect((await api.Tags.all(p.id)).map((t) => t.name)).toEqual(['v1.0.0'])
  })
})

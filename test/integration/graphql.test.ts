// /api/graphql answers the queries a GitLab destination sends when it migrates from here
// (lib/bulk_imports/*/graphql/*.rb in GitLab), with the API's credentials and visibility.
import { beforeAll, describe, expect, it } from 'vitest'
import { api, createGroup, createUser, ROOT_TOKEN, unique } from '../helpers'
import { serverUrl } from '../setup/server'

const GET_GROUP = `query($full_path: ID!) {
  group(fullPath: $full_path) {
    name path full_path: fullPath description visibility emails_disabled: emailsDisabled lfs_enabled: lfsEnabled
    mentions_disabled: mentionsDisabled project_creation_level: projectCreationLevel request_access_enabled: requestAccessEnabled
    require_two_factor_authentication: requireTwoFactorAuthentication share_with_group_lock: shareWithGroupLock
    subgroup_creation_level: subgroupCreationLevel two_factor_grace_period: twoFactorGracePeriod
  }
}`
const GET_PROJECTS = `query($full_path: ID!, $cursor: String, $per_page: Int) {
  group(fullPath: $full_path) {
    projects(includeSubgroups: false, first: $per_page, after: $cursor) {
      page_info: pageInfo { next_page: endCursor has_next_page: hasNextPage }
      nodes { id name path full_path: fullPath }
    }
  }
}`
const GET_PROJECT = `query($full_path: ID!) { project(fullPath: $full_path) { description visibility archived created_at: createdAt shared_runners_enabled: sharedRunnersEnabled wiki_enabled: wikiEnabled } }`

async function gql(
  query: string,
  variables: Record<string, unknown>,
  auth: Record<string, string> = { Authorization: `Bearer ${ROOT_TOKEN}` },
  qs = '',
) {
  const res = await fetch(`${await serverUrl()}/api/graphql${qs}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...auth },
    body: JSON.stringify({ query, variables }),
  })
  return { status: res.status, body: await res.json() }
}

let group: { id: number; full_path: string }
beforeAll(async () => {
  group = await createGroup({ name: unique('Gql') })
  for (const n of ['alpha', 'beta', 'gamma'])
    await api('POST', '/projects', { json: { name: n, path: n, namespace_id: group.id, description: `${n} project` } })
})

describe('/api/graphql', () => {
  it("answers GitLab's direct-transfer group query", async () => {
    const res = await gql(GET_GROUP, { full_path: group.full_path })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: {
        group: {
          name: expect.stringContaining('Gql'),
          path: expect.any(String),
          full_path: group.full_path,
          description: '',
          visibility: 'private',
          emails_disabled: false,
          lfs_enabled: true,
          mentions_disabled: false,
          project_creation_level: 'developer',
          request_access_enabled: true,
          require_two_factor_authentication: false,
          share_with_group_lock: false,
          subgroup_creation_level: 'maintainer',
          two_factor_grace_period: 48,
        },
      },
    })
  })

  it("pages a group's projects with cursors", async () => {
    const seen: string[] = []
    let cursor: string | null = null
    for (let i = 0; i < 5; i++) {
      const res = await gql(GET_PROJECTS, { full_path: group.full_path, cursor, per_page: 2 })
      const projects = res.body.data.group.projects
      seen.push(
        ...projects.nodes.map(
          (n: { path: string; id: string }) => `${n.path}:${/^gid:\/\/gitlab\/Project\/\d+$/.test(n.id)}`,
        ),
      )
      if (!projects.page_info.has_next_page) break
      cursor = projects.page_info.next_page
    }
    expect(seen.sort()).toEqual(['alpha:true', 'beta:true', 'gamma:true'])
    const project = await gql(GET_PROJECT, { full_path: `${group.full_path}/beta` }, {}, `?private_token=${ROOT_TOKEN}`)
    expect(project.body.data.project).toEqual({
      description: 'beta project',
      visibility: 'private',
      archived: false,
      created_at: expect.stringMatching(/Z$/),
      shared_runners_enabled: true,
      wiki_enabled: false,
    })
  })

  it('shows nothing the caller may not see, refuses bad tokens and reports query errors', async () => {
    const stranger = await createUser()
    expect((await gql(GET_GROUP, { full_path: group.full_path }, { 'PRIVATE-TOKEN': stranger.token })).body).toEqual({
      data: { group: null },
    })
    expect((await gql(GET_GROUP, { full_path: group.full_path }, {})).body).toEqual({ data: { group: null } })
    expect((await gql(GET_GROUP, { full_path: group.full_path }, { Authorization: 'Bearer glpat-nope' })).status).toBe(
      401,
    )
    const bad = await gql('{ group(fullPath: "x") { nope } }', {})
    expect(bad.status).toBe(200)
    expect(bad.body.errors[0].message).toContain('Cannot query field "nope"')
  })

  it('lists (empty) badges a destination pages through', async () => {
    const res = await api('GET', `/groups/${group.id}/badges`, { query: { per_page: 30 } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
    expect(res.headers.get('x-total')).toBe('0')
    expect((await api('GET', `/groups/${group.id}/badges`, { token: null })).status).toBe(404)
  })

  it("takes only api and read_api tokens, as GitLab's GraphQL does: a read_registry token is an invalid token", async () => {
    const scoped = async (scopes: string[]) =>
      (await api('POST', '/users/1/personal_access_tokens', { json: { name: unique('gql'), scopes } })).body
        .token as string
    const registry = await gql(
      GET_GROUP,
      { full_path: group.full_path },
      { Authorization: `Bearer ${await scoped(['read_registry'])}` },
    )
    expect(registry.status).toBe(401)
    expect(registry.body).toEqual({ errors: [{ message: 'Invalid token' }] })
    const readUser = await gql(
      GET_GROUP,
      { full_path: group.full_path },
      { 'PRIVATE-TOKEN': await scoped(['read_user', 'read_repository']) },
    )
    expect(readUser.status).toBe(401)
    expect(readUser.body).toEqual({ errors: [{ message: 'Invalid token' }] })
    const readApi = await gql(
      GET_GROUP,
      { full_path: group.full_path },
      { Authorization: `Bearer ${await scoped(['read_api'])}` },
    )
    expect(readApi.status).toBe(200)
    expect(readApi.body.data.group.full_path).toBe(group.full_path)
    const fullApi = await gql(GET_GROUP, { full_path: group.full_path }, { 'PRIVATE-TOKEN': await scoped(['api']) })
    expect(fullApi.status).toBe(200)
    expect(fullApi.body.data.group.full_path).toBe(group.full_path)
  })

  it('refuses variables nested past the JSON limit with 400 before running the query', async () => {
    let deep: unknown = 1
    for (let i = 0; i < 100; i++) deep = { a: deep }
    const res = await gql(GET_GROUP, { full_path: group.full_path, deep })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Parameters nested too deeply' })
  })

  it('takes variables as GitLab does: an object, or a JSON string of one; anything else is 422 in GraphQL’s shape', async () => {
    const post = async (body: string, qs = '') => {
      const res = await fetch(`${await serverUrl()}/api/graphql${qs}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ROOT_TOKEN}` },
        body,
      })
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    const query = JSON.stringify(GET_GROUP)
    const asString = await post(
      `{"query":${query},"variables":${JSON.stringify(JSON.stringify({ full_path: group.full_path }))}}`,
    )
    expect([asString.status, (asString.body.data as { group: { full_path: string } }).group.full_path]).toEqual([
      200,
      group.full_path,
    ])
    const fromQueryString = await post(
      `{"query":${query}}`,
      `?variables[full_path]=${encodeURIComponent(group.full_path)}`,
    )
    expect([
      fromQueryString.status,
      (fromQueryString.body.data as { group: { full_path: string } }).group.full_path,
    ]).toEqual([200, group.full_path])
    expect(await post(`{"query":${query},"variables":[1,2]}`)).toEqual({
      status: 422,
      body: { errors: [{ message: 'Unexpected parameter: [1,2]' }] },
    })
    expect(await post(`{"query":${query},"variables":7}`)).toEqual({
      status: 422,
      body: { errors: [{ message: 'Unexpected parameter: 7' }] },
    })
    const unparsable = await post(`{"query":${query},"variables":"{nope"}`)
    expect(unparsable.status).toBe(422)
    expect((unparsable.body.errors as { message: string }[])[0]!.message).toMatch(/JSON/)
    // A JSON body that is not an object is set aside (Rails' _json): the query string's query runs.
    expect(await post('null', `?query=${encodeURIComponent('{ __typename }')}`)).toEqual({
      status: 200,
      body: { data: { __typename: 'Query' } },
    })
  })
})

import { describe, expect, it } from 'vitest'
import { queryCount } from '../../lib/db'
import { api, createUser } from '../helpers'
import { must } from '../../lib/util/defined'

describe('GET/PUT /application/settings', () => {
  it('is for administrators only', async () => {
    const u = await createUser()
    expect((await api('GET', '/application/settings', { token: u.token })).status).toBe(403)
    expect(
      (
        await api('PUT', '/application/settings', {
          token: u.token,
          json: { after_sign_out_path: 'https://example.com/x' },
        })
      ).body,
    ).toEqual({ message: '403 Forbidden' })
    expect((await api('GET', '/application/settings', { token: null })).status).toBe(401)
  })

  it('reads defaults with id, created_at and updated_at', async () => {
    const s = (await api('GET', '/application/settings')).body
    expect(s.id).toBe(1)
    expect(s.created_at).toMatch(/Z$/)
    expect(s.default_project_visibility).toBe('private')
    expect(s.default_group_visibility).toBe('private')
    expect(s.default_snippet_visibility).toBe('private')
    expect(s.bulk_importing_enabled).toBe(false)
  })

  it('updates, reads back at once, and records the change', async () => {
    const put = await api('PUT', '/application/settings', {
      json: { after_sign_out_path: 'https://example.com/bye', throttle_authenticated_api_requests_per_period: 321 },
    })
    expect(put.status).toBe(200)
    expect(put.body.after_sign_out_path).toBe('https://example.com/bye')
    const get = (await api('GET', '/application/settings')).body
    expect(get.throttle_authenticated_api_requests_per_period).toBe(321)
  })

  it('answers type and enum errors as Grape params, limits as model validations', async () => {
    const type = await api('PUT', '/application/settings', {
      json: { throttle_authenticated_api_requests_per_period: 'many' },
    })
    expect(type.status).toBe(400)
    expect(type.body).toEqual({ error: 'throttle_authenticated_api_requests_per_period is invalid' })
    const enumErr = await api('PUT', '/application/settings', { json: { default_project_visibility: 'secret' } })
    expect(enumErr.body).toEqual({ error: 'default_project_visibility does not have a valid value' })
    const range = await api('PUT', '/application/settings', {
      json: { throttle_authenticated_api_requests_per_period: 0 },
    })
    expect(range.status).toBe(400)
    expect(range.body.message.throttle_authenticated_api_requests_per_period[0]).toMatch(
      /^must be greater than or equal to \d+$/,
    )
  })

  it('changes nothing when any part of a PUT is rejected', async () => {
    const before = (await api('GET', '/application/settings')).body
    const bad = await api('PUT', '/application/settings', {
      json: { after_sign_out_path: 'https://example.com/never', email_restrictions: '(' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message.email_restrictions[0]).toMatch(/RE2/)
    expect((await api('GET', '/application/settings')).body.after_sign_out_path).toBe(before.after_sign_out_path)
  })

  it('requires the "required by" settings in the same request', async () => {
    const res = await api('PUT', '/application/settings', { json: { enforce_terms: true } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'terms is missing' })
    const ok = await api('PUT', '/application/settings', { json: { enforce_terms: false, terms: 'Be nice.' } })
    expect(ok.status).toBe(200)
  })

  it('accepts lists as arrays or comma/newline strings', async () => {
    const a = await api('PUT', '/application/settings', { json: { domain_denylist: ['a.example', 'b.example'] } })
    expect(a.body.domain_denylist).toEqual(['a.example', 'b.example'])
    const b = await api('PUT', '/application/settings', { form: { domain_denylist: 'c.example,d.example\ne.example' } })
    expect(b.body.domain_denylist).toEqual(['c.example', 'd.example', 'e.example'])
    await api('PUT', '/application/settings', { json: { domain_denylist: [] } })
  })

  it('keeps both of two concurrent PUTs of different keys', async () => {
    await Promise.all([
      api('PUT', '/application/settings', { json: { after_sign_out_path: 'https://example.com/concurrent' } }),
      api('PUT', '/application/settings', { json: { throttle_unauthenticated_api_requests_per_period: 4242 } }),
    ])
    const s = (await api('GET', '/application/settings')).body
    expect(s.after_sign_out_path).toBe('https://example.com/concurrent')
    expect(s.throttle_unauthenticated_api_requests_per_period).toBe(4242)
  })

  it('serves reads from the cache: no query per request', async () => {
    await api('GET', '/application/settings')
    const before = queryCount()
    for (let i = 0; i < 5; i++) expect((await api('GET', '/application/settings')).status).toBe(200)
    expect(queryCount() - before).toBe(0)
  })
})

describe('settings history and secrets', () => {
  it('records who changed what, masks secrets in history and stores them encrypted', async () => {
    const { settingsHistory } = await import('../../lib/settings/service')
    const { getDb } = await import('../../lib/db')
    const { pageWindow } = await import('../../lib/api/pagination')
    const secretKey = 'spamfilter_api_key'
    const value = `secret-${Date.now()}`
    const put = await api('PUT', '/application/settings', {
      json: { [secretKey]: value, after_sign_out_path: 'https://example.com/history' },
    })
    expect(put.status).toBe(200)
    expect(put.body[secretKey]).toBe(value) // administrators read it back
    const latest = must((await settingsHistory(pageWindow({ per_page: 1 }))).items[0], 'settings history row')
    const changes = JSON.parse(latest.changes) as { key: string; from: unknown; to: unknown }[]
    expect(latest.userId).toBe((await api('GET', '/user')).body.id)
    expect(changes.find((c) => c.key === secretKey)).toEqual({ key: secretKey, from: '[MASKED]', to: '[MASKED]' })
    expect(changes.find((c) => c.key === 'after_sign_out_path')?.to).toBe('https://example.com/history')
    const row = await (await getDb()).applicationSetting.findUnique({ where: { key: secretKey } })
    expect(row?.value).not.toContain(value)
    expect(row?.value).toMatch(/^"enc:v1:/)
  })
})

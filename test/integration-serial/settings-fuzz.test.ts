import { expect, it } from 'vitest'
import { SETTINGS } from '../../lib/settings/definitions'
import { getDb } from '../../lib/db'
import { api } from '../helpers'

// Random values of every type for random settings, as an administrator: the generated schema and
// the model validations must answer 4xx, never 5xx.
it('PUT /application/settings never answers 5xx', async () => {
  let seed = 7
  const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32
  const values: unknown[] = [
    '',
    'x',
    '0',
    '-5',
    '99999999999',
    '1.5',
    'true',
    null,
    0,
    -1,
    1e12,
    true,
    false,
    [],
    ['a', 'b'],
    [1, 2],
    { a: 1 },
    '(',
    '#fff',
    'http://x',
    'a,b\nc',
    'private',
    'public',
  ]
  const failures: string[] = []
  for (let round = 0; round < 300; round++) {
    const body: Record<string, unknown> = {}
    for (let i = 0; i < 4; i++) {
      const def = SETTINGS[Math.floor(rand() * SETTINGS.length)]!
      // Keep the instance usable for the rest of the run.
      if (def.key === 'admin_mode' || def.key.startsWith('throttle_') || def.key === 'enforce_terms') continue
      body[def.key] = values[Math.floor(rand() * values.length)]
    }
    const res = await api('PUT', '/application/settings', { json: body })
    if (res.status >= 500) failures.push(`${JSON.stringify(body)} -> ${res.status} ${res.text.slice(0, 200)}`)
  }
  // Back to the defaults: stored rows are all a setting has (files may run in any order).
  await (await getDb()).applicationSetting.deleteMany()
  expect(failures).toEqual([])
}, 120_000)

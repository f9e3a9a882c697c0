// Two deletions of one group at the same time (a client retrying, two admins, the soak's cleanup
// beside its load): both may have read the tree before either commits; neither may answer 500.
import { describe, expect, it } from 'vitest'
import { api, createGroup, unique } from '../helpers'

describe('DELETE /groups/:id twice at once', () => {
  it('answers 202 or 404 to each, never 500, and leaves nothing of the tree', async () => {
    for (let round = 0; round < 5; round++) {
      const top = await createGroup({ prefix: 'race' })
      const sub = await createGroup({ prefix: 'race-sub', parent: top.id })
      for (const ns of [top.id, sub.id])
        expect((await api('POST', '/projects', { json: { name: unique('race-p'), namespace_id: ns } })).status).toBe(
          201,
        )
      const answers = await Promise.all([1, 2, 3].map(() => api('DELETE', `/groups/${top.id}`)))
      const statuses = answers.map((a) => a.status)
      expect(
        statuses.every((s) => s === 202 || s === 404),
        JSON.stringify(answers.map((a) => a.body)),
      ).toBe(true)
      expect(statuses).toContain(202)
      expect((await api('GET', `/groups/${top.id}`)).status).toBe(404)
      expect((await api('GET', `/groups/${sub.id}`)).status).toBe(404)
    }
  })
})

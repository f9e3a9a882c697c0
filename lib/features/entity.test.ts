import { describe, expect, it } from 'vitest'
import { featureEntity } from './entity'
import { featureSchema } from './schema'
import type { FlagRow } from './service'

const at = new Date('2030-01-01T00:00:00Z')
const row = (name: string, enabled: boolean, actors: [string, number][] = []): FlagRow => ({
  name,
  enabled,
  createdAt: at,
  updatedAt: at,
  actors: actors.map(([actorType, actorId], i) => ({ id: i + 1, flagName: name, actorType, actorId, createdAt: at })),
})

describe('featureEntity', () => {
  it("carries GitLab's definition for a known flag and Flipper's state", () => {
    const json = featureEntity(
      row('usage_data_queries_api', false, [
        ['User', 1],
        ['Group', 3],
      ]),
    )
    expect(featureSchema.parse(json)).toEqual(json)
    expect(json).toEqual({
      name: 'usage_data_queries_api',
      state: 'conditional',
      gates: [
        { key: 'boolean', value: false },
        { key: 'actors', value: ['User:1', 'Group:3'] },
      ],
      definition: {
        name: 'usage_data_queries_api',
        feature_issue_url: null,
        introduced_by_url: 'https://gitlab.com/gitlab-org/gitlab/-/merge_requests/57016',
        rollout_issue_url: null,
        milestone: '13.11',
        log_state_changes: null,
        type: 'ops',
        group: 'group::analytics instrumentation',
        default_enabled: false,
        intended_to_rollout_by: null,
      },
    })
  })

  it('is on with the boolean gate whatever the actors, off with neither', () => {
    expect(featureEntity(row('x', true, [['Project', 2]])).state).toBe('on')
    expect(featureEntity(row('x', false))).toEqual({
      name: 'x',
      state: 'off',
      gates: [{ key: 'boolean', value: false }],
      definition: null,
    })
  })
})

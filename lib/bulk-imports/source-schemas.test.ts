import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SourceError } from './client'
import { describe as describeError, fromSource, relationSchemas, sourceGroupSchema } from './source-schemas'

describe('source schemas', () => {
  it('take a GitLab member record, drop the keys they do not use, and read its date', () => {
    const parsed = relationSchemas.members.parse({
      id: 9,
      access_level: 30,
      expires_at: '2027-01-31',
      source_type: 'Namespace',
      user: { id: 4, username: 'jdoe', public_email: null },
    })
    expect(parsed).toEqual({
      access_level: 30,
      expires_at: new Date('2027-01-31T00:00:00Z'),
      user: { username: 'jdoe', public_email: null },
    })
  })

  it('refuse records that are not what GitLab sends, naming the field', () => {
    const bad = relationSchemas.protected_branches.safeParse({
      name: '',
      push_access_levels: [{ access_level: 'forty' }],
    })
    expect(bad.success).toBe(false)
    if (!bad.success)
      expect(describeError(bad.error)).toBe(
        'name: Too small: expected string to have >=1 characters; push_access_levels.0.access_level: Invalid input: expected number, received string',
      )
    expect(relationSchemas.members.safeParse({ access_level: 30, expires_at: 'soon' }).success).toBe(false)
  })

  it('turn a malformed answer into the source’s failure, not a crash inside a service', () => {
    const wrapped = z.object({ group: sourceGroupSchema.nullable() })
    expect(() => fromSource(wrapped, { group: { name: 'G', path: 'g', visibility: 'secret' } }, 'group')).toThrow(
      SourceError,
    )
    expect(() => fromSource(wrapped, { group: { name: 'G', path: 'g', visibility: 'secret' } }, 'group')).toThrow(
      /^The source's group is not what GitLab sends: group\.visibility: /,
    )
    expect(fromSource(wrapped, { group: null }, 'group')).toEqual({ group: null })
  })
})

import { describe, expect, it } from 'vitest'
import type { Actor } from '../auth/actor'
import { rightsAt } from './access'
import { textColor } from './entity'
import { castDate } from './service'

const actor = (over: Partial<Actor['user']> = {}) =>
  ({ user: { id: 7, admin: false, external: false, ...over }, token: null, via: 'session' }) as unknown as Actor
const group = (visibility: string) => ({ id: 1, visibility, traversalIds: '1/' })

describe('epic rights', () => {
  it('reads follow the group; confidential, writes need Planner or Reporter+; deletes Owner or exactly Planner', () => {
    expect(rightsAt(null, 0, group('public'))).toEqual({
      read: true,
      readConfidential: false,
      write: false,
      destroy: false,
    })
    expect(rightsAt(null, 0, group('private')).read).toBe(false)
    expect(rightsAt(actor(), 0, group('internal')).read).toBe(true)
    expect(rightsAt(actor({ external: true }), 0, group('internal')).read).toBe(false)
    expect(rightsAt(actor(), 10, group('private'))).toEqual({
      read: true,
      readConfidential: false,
      write: false,
      destroy: false,
    })
    expect(rightsAt(actor(), 15, group('private'))).toEqual({
      read: true,
      readConfidential: true,
      write: true,
      destroy: true,
    })
    for (const level of [20, 30, 40])
      expect(rightsAt(actor(), level, group('private'))).toEqual({
        read: true,
        readConfidential: true,
        write: true,
        destroy: false,
      })
    expect(rightsAt(actor(), 50, group('private')).destroy).toBe(true)
    expect(rightsAt(actor({ admin: true }), 0, group('private')).destroy).toBe(true)
  })
})

describe('epic values', () => {
  it('casts dates as Rails does: invalid ones become nil', () => {
    expect(castDate('2026-02-28')).toBe('2026-02-28')
    expect(castDate('2026-02-28T10:00:00Z')).toBe('2026-02-28')
    expect(castDate('2026-02-30')).toBeNull()
    expect(castDate('soon')).toBeNull()
    expect(castDate(undefined)).toBeUndefined()
  })
  it('picks a readable text colour', () => {
    expect(textColor('#1068bf')).toBe('#FFFFFF')
    expect(textColor('#ffcc00')).toBe('#1F1E24')
    expect(textColor('#fff')).toBe('#1F1E24')
  })
})

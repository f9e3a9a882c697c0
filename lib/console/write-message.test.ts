import { describe, expect, it } from 'vitest'
import { writeMessage } from './write-message'

describe('writeMessage', () => {
  it('names the kind of write from the method and the route', () => {
    expect(writeMessage('DELETE', '/projects/:id/snippets/:snippet_id')).toBe('Deleted.')
    expect(writeMessage('PUT', '/application/settings')).toBe('Changes saved.')
    expect(writeMessage('PATCH', '/projects/:id/protected_branches/:name')).toBe('Changes saved.')
    expect(writeMessage('POST', '/users')).toBe('Created.')
    expect(writeMessage('POST', '/projects/:id/pipeline_schedules')).toBe('Created.')
    expect(writeMessage('POST', '/users/:id/block')).toBe('Done.')
    expect(writeMessage('POST', '/runners/:id/reset_authentication_token')).toBe('Done.')
  })
})

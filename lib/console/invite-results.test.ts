import { describe, expect, it } from 'vitest'
import { parseTargets, readResults } from './invite-results'

describe('invite form targets and results', () => {
  it('splits e-mails and usernames, dropping repeats', () => {
    expect(parseTargets('a@x.org, @bob carol;A@X.org\nbob')).toEqual([
      { entry: 'a@x.org', email: 'a@x.org' },
      { entry: '@bob', username: 'bob' },
      { entry: 'carol', username: 'carol' },
      { entry: 'bob', username: 'bob' },
    ])
  })

  it('reads per-address reasons, queued users and unknown usernames', () => {
    const targets = parseTargets('ok@x.org bad@ @carol @dave @ghost')
    const results = readResults(
      targets,
      {
        status: 'error',
        message: { 'bad@': 'Invite email is invalid', carol: 'Already a member' },
        queued_users: { dave: 'Request queued for administrator approval.' },
      },
      new Set(['ghost']),
    )
    expect(results.map((r) => [r.entry, r.ok, r.text.split(' (')[0]])).toEqual([
      ['ok@x.org', true, 'Invited'],
      ['bad@', false, 'Invite email is invalid'],
      ['@carol', false, 'Already a member'],
      ['@dave', true, 'Request queued for administrator approval.'],
      ['@ghost', false, 'No user with this username'],
    ])
  })

  it('says whether an address was invited by e-mail or added at once', () => {
    const targets = parseTargets('new@x.org Known@x.org @bob')
    const results = readResults(targets, { status: 'success' }, new Set(), new Set(['new@x.org']))
    expect(results.map((r) => [r.entry, r.ok, r.text])).toEqual([
      ['new@x.org', true, 'Invited by e-mail: an accept link is on its way'],
      ['Known@x.org', true, 'Added as a member at once (the address belongs to an account)'],
      ['@bob', true, 'Added as a member'],
    ])
  })
})

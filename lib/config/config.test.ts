import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { config, ConfigError, resetConfig } from '.'
import { withConfigurationTables } from './readme'
import { parseVariables, variables } from './variables'

const saved = { ...process.env }
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) Reflect.deleteProperty(process.env, k)
  Object.assign(process.env, saved)
  resetConfig()
})

describe('configuration', () => {
  it('README.md documents every variable as variables.ts parses it (else: npm run gen:config-docs)', () => {
    const readme = readFileSync('README.md', 'utf8')
    expect(withConfigurationTables(readme)).toBe(readme)
    for (const v of Object.values(variables)) expect(readme).toContain(`| \`${v.name}\` |`)
  })

  it('takes the defaults when nothing is set, and typed values when set', () => {
    const unset = parseVariables({})
    expect(unset.ok && unset.values).toMatchObject({
      port: 3000,
      schedulerEnabled: true,
      queueConcurrency: 2,
      apiMount: 'direct',
      trustedProxies: [],
      keepAnswers: true,
    })
    const set = parseVariables({
      PORT: '8080',
      SCHEDULER_ENABLED: 'false',
      QUEUE_CONCURRENCY: '4',
      TRUSTED_PROXIES: '10.0.0.0/8, ::1',
      EXTERNAL_URL: 'https://gl.example.com//',
    })
    expect(set.ok && set.values).toMatchObject({
      port: 8080,
      schedulerEnabled: false,
      queueConcurrency: 4,
      trustedProxies: ['10.0.0.0/8', '::1'],
      externalUrl: 'https://gl.example.com',
    })
  })

  it('names every bad variable at once, in one line', () => {
    process.env.PORT = 'eighty'
    process.env.QUEUE_CONCURRENCY = '0'
    process.env.SCHEDULER_ENABLED = 'maybe'
    process.env.TRUSTED_PROXIES = '10.0.0.0/33'
    resetConfig()
    let error: unknown
    try {
      config()
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).not.toContain('\n')
    expect(message).toBe(
      'Configuration: PORT: "eighty" is not a whole number of 0 or more · SCHEDULER_ENABLED: "maybe" is not true or false · QUEUE_CONCURRENCY: must be 1 or more · TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR range',
    )
  })
})

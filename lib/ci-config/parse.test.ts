import { describe, expect, it } from 'vitest'
import { evaluate, ExpressionError } from './expression'
import { parseDuration } from '../util/duration'
import { parseCiConfig } from './parse'
import { FILTERED_BY_WORKFLOW, NO_JOBS, planJobs } from './plan'
import { planPipeline } from '../pipelines/process'

const config = (yaml: string) => {
  const r = parseCiConfig(yaml)
  if (!r.valid) throw new Error(r.errors.join('; '))
  return r.config
}

describe('parseCiConfig', () => {
  it('reads stages, defaults, variables, extends and hidden jobs', () => {
    const c = config(`
stages: [build, test]
variables: { GLOBAL: one, NUM: 2 }
default:
  before_script: [echo before]
  tags: [linux]
.tpl:
  variables: { FROM_TPL: "yes" }
  timeout: 1h 30m
compile:
  stage: build
  script:
    - echo a
    - [echo b, echo c]
check:
  extends: .tpl
  script: echo check
  tags: []
  when: manual
`)
    expect(c.stages).toEqual(['.pre', 'build', 'test', '.post'])
    expect(c.variables).toEqual({ GLOBAL: 'one', NUM: '2' })
    const [compile, check] = c.jobs
    expect(compile).toMatchObject({
      name: 'compile',
      stage: 'build',
      script: ['echo a', 'echo b', 'echo c'],
      beforeScript: ['echo before'],
      tags: ['linux'],
      when: 'on_success',
      allowFailure: false,
    })
    expect(check).toMatchObject({
      name: 'check',
      stage: 'test',
      variables: { FROM_TPL: 'yes' },
      timeout: 5400,
      tags: [],
      when: 'manual',
      allowFailure: true,
    })
  })

  it("answers GitLab's errors", () => {
    const errors = (yaml: string) => parseCiConfig(yaml).errors
    expect(errors('build:\n  script: x\n  foo: 1\n')).toEqual(['jobs:build config contains unknown keys: foo'])
    expect(errors('build:\n  stage: build\n')).toEqual([
      'jobs:build config should implement the script:, run:, or trigger: keyword',
    ])
    expect(errors('build:\n  stage: nope\n  script: x\n')).toEqual([
      'build job: chosen stage nope does not exist; available stages are .pre, build, test, deploy, .post',
    ])
    expect(errors('.hidden:\n  script: x\n')).toEqual(['jobs config should contain at least one visible job'])
    expect(errors('build: [1]\n')).toEqual(['jobs:build config should be a hash'])
    expect(errors('build:\n  script: x\n  when: later\n')).toEqual([
      'jobs:build when should be one of: on_success, on_failure, always, manual, delayed',
    ])
    expect(errors('build:\n  script: x\n  timeout: soon\n')).toEqual(['jobs:build:timeout config should be a duration'])
    expect(errors('build:\n  script: x\n  rules:\n    - if: $A ==\n')).toEqual([
      'jobs:build:rules:rule if invalid expression syntax',
    ])
    expect(errors('- a\n- b\n')).toEqual(['Invalid configuration format'])
    expect(errors('build:\n  script: [x\n')[0]).toMatch(/^\(<unknown>\): /)
    expect(errors('')).toEqual(['Please provide content of .gitlab-ci.yml'])
  })

  it('parses durations as GitLab does', () => {
    expect(parseDuration('3600')).toBe(3600)
    expect(parseDuration('10 minutes')).toBe(600)
    expect(parseDuration('1h 30m')).toBe(5400)
    expect(parseDuration('2 hours and 10 seconds')).toBe(7210)
    expect(parseDuration('never')).toBeNull()
  })
})

describe('rules', () => {
  const vars = (source: string, branch = 'main') => ({
    CI_PIPELINE_SOURCE: source,
    CI_COMMIT_BRANCH: branch,
    CI_COMMIT_REF_NAME: branch,
  })
  it('keeps, drops and changes jobs by the first matching rule', () => {
    const c = config(`
nightly:
  script: x
  rules:
    - if: $CI_PIPELINE_SOURCE == "schedule"
always:
  script: x
deploy:
  stage: deploy
  script: x
  rules:
    - if: $CI_COMMIT_BRANCH =~ /^release\\//
      when: never
    - if: $CI_COMMIT_BRANCH == "main"
      when: manual
`)
    const names = (source: string, branch?: string) => {
      const plan = planJobs(c, vars(source, branch), [])
      return plan.ok ? plan.jobs.map((j) => `${j.name}:${j.when}:${j.allowFailure}`) : plan.error
    }
    expect(names('schedule')).toEqual(['nightly:on_success:false', 'always:on_success:false', 'deploy:manual:false'])
    expect(names('api', 'release/1')).toEqual(['always:on_success:false'])
  })

  it('filters pipelines with workflow rules and refuses an empty pipeline', () => {
    const c = config('workflow:\n  rules:\n    - if: $CI_PIPELINE_SOURCE == "schedule"\nbuild:\n  script: x\n')
    expect(planJobs(c, vars('api'), [])).toEqual({ ok: false, error: FILTERED_BY_WORKFLOW })
    expect(planJobs(c, vars('schedule'), []).ok).toBe(true)
    const none = config('build:\n  script: x\n  rules:\n    - exists: [Dockerfile]\n')
    expect(planJobs(none, vars('api'), ['README.md'])).toEqual({ ok: false, error: NO_JOBS })
    expect(planJobs(none, vars('api'), ['Dockerfile']).ok).toBe(true)
  })

  it('evaluates expressions', () => {
    expect(evaluate('$A == "x" && ($B != null || $C =~ /^v\\d+$/)', { A: 'x', C: 'v12' })).toBe(true)
    expect(evaluate('$A', {})).toBe(false)
    expect(evaluate('$A !~ /a/i', { A: 'BAR' })).toBe(false)
    expect(() => evaluate('$A = "x"', {})).toThrow(ExpressionError)
  })
})

describe('planPipeline', () => {
  const job = (
    id: number,
    stageIdx: number,
    status: string,
    extra: Partial<{ when: string; allowFailure: boolean }> = {},
  ) => ({
    id,
    stageIdx,
    status,
    when: 'on_success',
    allowFailure: false,
    ...extra,
  })
  it('starts stages in order and rolls the status up', () => {
    let plan = planPipeline([job(1, 1, 'created'), job(2, 2, 'created'), job(3, 2, 'created', { when: 'always' })])
    expect([...plan.changes]).toEqual([[1, 'pending']])
    expect(plan.status).toBe('pending')
    plan = planPipeline([job(1, 1, 'failed'), job(2, 2, 'created'), job(3, 2, 'created', { when: 'always' })])
    expect([...plan.changes]).toEqual([
      [2, 'skipped'],
      [3, 'pending'],
    ])
    expect(plan.status).toBe('running')
    plan = planPipeline([job(1, 1, 'success'), job(2, 2, 'success')])
    expect(plan.status).toBe('success')
    plan = planPipeline([job(1, 1, 'failed', { allowFailure: true }), job(2, 2, 'created')])
    expect([...plan.changes]).toEqual([[2, 'pending']])
  })
})

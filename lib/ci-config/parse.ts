// `.gitlab-ci.yml` → a validated configuration (GitLab's Gitlab::Ci::Config and YamlProcessor, a
// subset): stages, default:, top-level variables, workflow:rules, jobs with stage, script,
// before/after_script, variables, tags, when, allow_failure, timeout, image, rules, extends and
// hidden (`.name`) templates. Errors carry GitLab's texts so `yaml_errors` and ci/lint read the
// same as on GitLab. Keywords GitLab knows but this server does not act on (artifacts, cache,
// needs, services, retry, …) are accepted and ignored rather than rejected.
import { parseDocument } from 'yaml'
import { evaluate, ExpressionError } from './expression'
import { parseDuration } from '../util/duration'

export const DEFAULT_STAGES = ['build', 'test', 'deploy']
const WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed'] as const
const RULE_WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed', 'never'] as const

/** GitLab's Job::ALLOWED_KEYS. */
const JOB_KEYS = new Set([
  'tags',
  'script',
  'run',
  'after_script',
  'hooks',
  'only',
  'except',
  'rules',
  'needs',
  'cache',
  'image',
  'services',
  'start_in',
  'artifacts',
  'environment',
  'coverage',
  'retry',
  'parallel',
  'interruptible',
  'timeout',
  'release',
  'dependencies',
  'inherit',
  'when',
  'allow_failure',
  'stage',
  'variables',
  'extends',
  'before_script',
  'id_tokens',
  'secrets',
  'pages',
  'identity',
  'manual_confirmation',
  'resource_group',
  'trigger',
  'publish',
  'dast_configuration',
  'environment',
])
const DEFAULT_KEYS = new Set([
  'before_script',
  'after_script',
  'image',
  'services',
  'cache',
  'interruptible',
  'timeout',
  'retry',
  'tags',
  'artifacts',
  'hooks',
  'id_tokens',
  'identity',
])
const ROOT_KEYS = new Set([
  'image',
  'services',
  'before_script',
  'after_script',
  'variables',
  'stages',
  'cache',
  'include',
  'default',
  'workflow',
  'types',
])
const RULE_KEYS = new Set([
  'if',
  'changes',
  'exists',
  'when',
  'start_in',
  'allow_failure',
  'variables',
  'needs',
  'interruptible',
])

export interface Rule {
  if: string | null
  when: (typeof RULE_WHEN)[number] | null
  allowFailure: boolean | null
  variables: Record<string, string>
  exists: string[] | null
}

export interface JobConfig {
  name: string
  stage: string
  script: string[]
  beforeScript: string[]
  afterScript: string[]
  variables: Record<string, string>
  tags: string[]
  when: (typeof WHEN)[number]
  allowFailure: boolean
  timeout: number | null
  image: string | null
  rules: Rule[] | null
}

export interface CiConfig {
  stages: string[]
  variables: Record<string, string>
  workflowRules: Rule[] | null
  jobs: JobConfig[]
}

export type ParseResult =
  { valid: true; config: CiConfig; errors: [] } | { valid: false; config: null; errors: string[] }

type Hash = Record<string, unknown>
const isHash = (v: unknown): v is Hash => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A YAML value in an error message: a string as is, anything else as JSON (not "[object Object]"). */
const shown = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))

class ConfigError extends Error {}

/** `script:` and friends: a string or a nested array of strings (GitLab flattens it). */
function scriptList(v: unknown, where: string): string[] {
  const out: string[] = []
  const walk = (x: unknown, depth: number): boolean => {
    if (typeof x === 'string') return out.push(x) > 0
    if (Array.isArray(x) && depth < 10) return x.every((y) => walk(y, depth + 1))
    return false
  }
  if (!walk(v, 0))
    throw new ConfigError(`${where} config should be a string or a nested array of strings up to 10 levels deep`)
  return out
}

function variablesOf(v: unknown, where: string): Record<string, string> {
  if (v == null) return {}
  if (!isHash(v)) throw new ConfigError(`${where} config should be a hash of key value pairs`)
  const out: Record<string, string> = {}
  for (const [k, raw] of Object.entries(v)) {
    const value = isHash(raw) ? raw.value : raw
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[k] = String(value)
    else if (value == null) out[k] = ''
    else throw new ConfigError(`${where} config should be a hash of key value pairs`)
  }
  return out
}

function stringList(v: unknown, where: string): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new ConfigError(`${where} config should be an array of strings`)
  return v
}

function rulesOf(v: unknown, where: string): Rule[] {
  if (!Array.isArray(v)) throw new ConfigError(`${where} config should be an array of hashes`)
  return v.map((r) => {
    if (!isHash(r)) throw new ConfigError(`${where}:rule config should be a hash`)
    const unknown = Object.keys(r).filter((k) => !RULE_KEYS.has(k))
    if (unknown.length) throw new ConfigError(`${where}:rule config contains unknown keys: ${unknown.join(', ')}`)
    let cond: string | null = null
    if (r.if != null) {
      if (typeof r.if !== 'string') throw new ConfigError(`${where}:rule if should be a string`)
      try {
        evaluate(r.if, {}) // syntax check
      } catch (e) {
        if (e instanceof ExpressionError) throw new ConfigError(`${where}:rule if invalid expression syntax`)
        throw e
      }
      cond = r.if
    }
    if (r.when != null && !(RULE_WHEN as readonly unknown[]).includes(r.when))
      throw new ConfigError(`${where}:rule when unknown value: ${shown(r.when)}`)
    if (r.allow_failure != null && typeof r.allow_failure !== 'boolean')
      throw new ConfigError(`${where}:rule allow_failure should be a boolean value`)
    let exists: string[] | null = null
    if (r.exists != null)
      exists =
        typeof r.exists === 'string'
          ? [r.exists]
          : stringList(isHash(r.exists) ? r.exists.paths : r.exists, `${where}:rule:exists`)
    return {
      if: cond,
      when: (r.when as Rule['when']) ?? null,
      allowFailure: (r.allow_failure as boolean | undefined) ?? null,
      variables: variablesOf(r.variables, `${where}:rule:variables`),
      exists,
    }
  })
}

/** Resolves `extends:` (deep merge, parents first, up to GitLab's 11 levels). */
function resolveExtends(name: string, all: Hash, seen: string[] = []): Hash {
  const job = all[name]
  if (!isHash(job)) throw new ConfigError(`${name}: unknown key in \`extends\``)
  if (job.extends == null) return job
  if (seen.includes(name)) throw new ConfigError(`${seen[0]!}: circular dependency detected in \`extends\``)
  if (seen.length > 10) throw new ConfigError(`${seen[0]!}: nesting too deep in \`extends\``)
  const parents = typeof job.extends === 'string' ? [job.extends] : job.extends
  if (!Array.isArray(parents) || !parents.every((p) => typeof p === 'string'))
    throw new ConfigError(`jobs:${name}:extends config should be a string or an array of strings`)
  let merged: Hash = {}
  for (const parent of parents) {
    if (!isHash(all[parent])) throw new ConfigError(`${name}: unknown key in \`extends\``)
    merged = deepMerge(merged, resolveExtends(parent, all, [...seen, name]))
  }
  const { extends: _omit, ...own } = job
  return deepMerge(merged, own)
}

function deepMerge(a: Hash, b: Hash): Hash {
  const out: Hash = { ...a }
  for (const [k, v] of Object.entries(b)) out[k] = isHash(v) && isHash(out[k]) ? deepMerge(out[k], v) : v
  return out
}

function jobOf(name: string, raw: Hash, stages: string[], defaults: Hash): JobConfig {
  const where = `jobs:${name}`
  const unknown = Object.keys(raw).filter((k) => !JOB_KEYS.has(k))
  if (unknown.length) throw new ConfigError(`${where} config contains unknown keys: ${unknown.join(', ')}`)
  if (raw.trigger != null) throw new ConfigError(`${where} trigger jobs are not supported by this server`)
  if (raw.script == null && raw.run == null)
    throw new ConfigError(`${where} config should implement the script:, run:, or trigger: keyword`)
  if (raw.run != null) throw new ConfigError(`${where} run: steps are not supported by this server; use script:`)
  const script = scriptList(raw.script, `${where}:script`)
  if (!script.length)
    throw new ConfigError(`${where}:script config should be a string or a nested array of strings up to 10 levels deep`)
  const pick = (key: string) => (raw[key] !== undefined ? raw[key] : defaults[key])
  const stage = raw.stage ?? 'test'
  if (typeof stage !== 'string' || !stages.includes(stage))
    throw new ConfigError(
      `${name} job: chosen stage ${shown(stage)} does not exist; available stages are ${stages.join(', ')}`,
    )
  const when = raw.when ?? 'on_success'
  if (!(WHEN as readonly unknown[]).includes(when))
    throw new ConfigError(`${where} when should be one of: ${WHEN.join(', ')}`)
  let allowFailure = when === 'manual'
  if (raw.allow_failure != null) {
    if (typeof raw.allow_failure === 'boolean') allowFailure = raw.allow_failure
    else if (isHash(raw.allow_failure) && 'exit_codes' in raw.allow_failure) allowFailure = false
    else throw new ConfigError(`${where}:allow_failure config should be a hash or a boolean value`)
  }
  const timeoutRaw = pick('timeout')
  let timeout: number | null = null
  if (timeoutRaw != null) {
    timeout = parseDuration(timeoutRaw)
    if (timeout == null) throw new ConfigError(`${where}:timeout config should be a duration`)
  }
  const imageRaw = pick('image')
  const image =
    imageRaw == null
      ? null
      : typeof imageRaw === 'string'
        ? imageRaw
        : isHash(imageRaw) && typeof imageRaw.name === 'string'
          ? imageRaw.name
          : null
  if (imageRaw != null && image == null) throw new ConfigError(`${where}:image config should be a hash or a string`)
  const tagsRaw = pick('tags')
  return {
    name,
    stage,
    script,
    beforeScript: pick('before_script') == null ? [] : scriptList(pick('before_script'), `${where}:before_script`),
    afterScript: pick('after_script') == null ? [] : scriptList(pick('after_script'), `${where}:after_script`),
    variables: variablesOf(raw.variables, `${where}:variables`),
    tags: tagsRaw == null ? [] : stringList(tagsRaw, `${where}:tags`),
    when: when as JobConfig['when'],
    allowFailure,
    timeout,
    image,
    rules: raw.rules == null ? null : rulesOf(raw.rules, `${where}:rules`),
  }
}

export function parseCiConfig(content: string): ParseResult {
  const fail = (...errors: string[]): ParseResult => ({ valid: false, config: null, errors })
  if (!content.trim()) return fail('Please provide content of .gitlab-ci.yml')
  const doc = parseDocument(content, { uniqueKeys: false })
  const [firstError] = doc.errors
  if (firstError) return fail(`(<unknown>): ${firstError.message.split('\n')[0]!}`)
  let root: unknown
  try {
    root = doc.toJS({ maxAliasCount: 100 })
  } catch (e) {
    return fail(`(<unknown>): ${(e as Error).message}`)
  }
  if (!isHash(root)) return fail('Invalid configuration format')
  try {
    const errors: string[] = []
    const stagesRaw = root.stages ?? root.types
    const stages = ['.pre', ...(stagesRaw == null ? DEFAULT_STAGES : stringList(stagesRaw, 'stages')), '.post']
    const defaultsRaw = root.default ?? {}
    if (!isHash(defaultsRaw)) throw new ConfigError('default config should be a hash')
    const unknownDefaults = Object.keys(defaultsRaw).filter((k) => !DEFAULT_KEYS.has(k))
    if (unknownDefaults.length)
      throw new ConfigError(`default config contains unknown keys: ${unknownDefaults.join(', ')}`)
    // Deprecated globals (image, before_script, after_script at the root) act as defaults.
    const defaults: Hash = {
      image: root.image,
      before_script: root.before_script,
      after_script: root.after_script,
      ...defaultsRaw,
    }
    if (root.include != null) throw new ConfigError('include config is not supported by this server')
    const variables = variablesOf(root.variables, 'variables')
    let workflowRules: Rule[] | null = null
    if (root.workflow != null) {
      if (!isHash(root.workflow)) throw new ConfigError('workflow config should be a hash')
      if (root.workflow.rules != null) workflowRules = rulesOf(root.workflow.rules, 'workflow:rules')
    }
    const jobs: JobConfig[] = []
    for (const [name, raw] of Object.entries(root)) {
      if (ROOT_KEYS.has(name)) continue
      if (!isHash(raw)) {
        // GitLab: hidden keys may hold anything (YAML anchors); a visible one must be a job.
        if (name.startsWith('.')) continue
        throw new ConfigError(`jobs:${name} config should be a hash`)
      }
      if (name.startsWith('.')) continue
      try {
        jobs.push(jobOf(name, resolveExtends(name, root), stages, defaults))
      } catch (e) {
        if (!(e instanceof ConfigError)) throw e
        errors.push(e.message)
      }
    }
    if (errors.length) return fail(...errors)
    if (!jobs.length) throw new ConfigError('jobs config should contain at least one visible job')
    return { valid: true, config: { stages, variables, workflowRules, jobs }, errors: [] }
  } catch (e) {
    if (e instanceof ConfigError) return fail(e.message)
    throw e
  }
}

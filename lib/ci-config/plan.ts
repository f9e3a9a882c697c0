// A parsed configuration + the pipeline's variables → the jobs to create (GitLab's
// Chain::EvaluateWorkflowRules and Chain::Populate): workflow:rules decide whether the pipeline
// exists at all, each job's rules whether it joins and with which `when`/allow_failure.
import RE2 from 're2'
import type { JobSpec } from '../pipelines/job-spec'
import type { CiConfig, Rule } from './parse'
import { evaluate } from './expression'

export interface PlannedJob {
  name: string
  stage: string
  stageIdx: number
  when: string
  allowFailure: boolean
  tags: string[]
  spec: JobSpec
}

export type Plan = { ok: true; jobs: PlannedJob[]; variables: Record<string, string> } | { ok: false; error: string }

export const FILTERED_BY_WORKFLOW = 'Pipeline filtered out by workflow rules.'
export const NO_JOBS =
  'Pipeline will not run for the selected trigger. The rules configuration prevented any jobs from being added to the pipeline.'

/** `rules:exists` globs (`*`, `**`, `?`) against the commit's paths; compiled with re2. */
function globMatches(glob: string, paths: string[]): boolean {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i)
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*'
      i++
      if (glob[i + 1] === '/') i++
    } else if (c === '*') re += '[^/]*'
    else if (c === '?') re += '[^/]'
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  const rx = new RE2(`^${re}$`)
  return paths.some((p) => rx.test(p))
}

/** The first rule whose `if` and `exists` hold, or null. */
function firstMatch(rules: Rule[], vars: Record<string, string>, paths: string[]): Rule | null {
  for (const rule of rules) {
    if (rule.if != null && !evaluate(rule.if, vars)) continue
    if (rule.exists && !rule.exists.some((g) => globMatches(g, paths))) continue
    return rule
  }
  return null
}

/**
 * @param vars predefined CI_* variables plus the project's and the pipeline's (schedule/API) ones,
 *   which win over the configuration's top-level `variables:` as in GitLab.
 * @param paths the files at the pipeline's commit (for `rules:exists`).
 */
export function planJobs(config: CiConfig, vars: Record<string, string>, paths: string[]): Plan {
  let pipelineVars = { ...config.variables, ...vars }
  if (config.workflowRules) {
    const rule = firstMatch(config.workflowRules, pipelineVars, paths)
    if (!rule || rule.when === 'never') return { ok: false, error: FILTERED_BY_WORKFLOW }
    pipelineVars = { ...config.variables, ...rule.variables, ...vars }
  }
  const jobs: PlannedJob[] = []
  for (const job of config.jobs) {
    let when: string = job.when
    let allowFailure = job.allowFailure
    let ruleVars: Record<string, string> = {}
    if (job.rules) {
      const rule = firstMatch(job.rules, { ...pipelineVars, ...job.variables }, paths)
      if (!rule || rule.when === 'never') continue
      if (rule.when) {
        when = rule.when
        // GitLab: a manual job made by rules blocks the pipeline unless the rule says otherwise.
        if (rule.when === 'manual') allowFailure = false
      }
      if (rule.allowFailure != null) allowFailure = rule.allowFailure
      ruleVars = rule.variables
    }
    // `delayed` (start_in) is not scheduled here: the job starts like on_success.
    if (when === 'delayed') when = 'on_success'
    const merged = { ...config.variables, ...job.variables, ...ruleVars }
    jobs.push({
      name: job.name,
      stage: job.stage,
      stageIdx: config.stages.indexOf(job.stage),
      when,
      allowFailure,
      tags: job.tags,
      spec: {
        script: job.script,
        before_script: job.beforeScript,
        after_script: job.afterScript,
        variables: Object.entries(merged).map(([key, value]) => ({ key, value })),
        timeout: job.timeout,
        image: job.image,
      },
    })
  }
  if (!jobs.length) return { ok: false, error: NO_JOBS }
  return { ok: true, jobs, variables: pipelineVars }
}

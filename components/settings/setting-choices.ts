// The names GitLab's admin area shows for the values of enumerated settings: an administrator picks
// "Developers + Maintainers", never "2". The API still stores and returns the codes; only the console's
// controls read these names. A value without a name here (a new enum member) shows as itself.
import type { SettingDef } from '@/lib/settings/definitions'

/** How a setting's values are picked: a select, radios (few values, each worth reading), or checkboxes (a list). */
export type ChoiceControl = 'select' | 'radios' | 'checkboxes'

const VISIBILITY = { private: 'Private', internal: 'Internal', public: 'Public' }

/** Gitlab::Access.project_creation_options, protection_options and the settings views' own lists. */
const NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  default_project_visibility: VISIBILITY,
  default_group_visibility: VISIBILITY,
  default_snippet_visibility: VISIBILITY,
  restricted_visibility_levels: VISIBILITY,
  default_project_creation: {
    0: 'No one',
    1: 'Maintainers',
    2: 'Developers + Maintainers',
    3: 'Administrators',
    4: 'Owners',
  },
  default_branch_protection: {
    0: 'Not protected',
    1: 'Partially protected',
    2: 'Fully protected',
    3: 'Protected against pushes',
    4: 'Fully protected after initial push',
  },
  enabled_git_access_protocol: { '': 'Both SSH and HTTP(S)', ssh: 'Only SSH', http: 'Only HTTP(S)' },
  email_confirmation_setting: { off: 'Off', soft: 'Soft', hard: 'Hard' },
  valid_runner_registrars: { project: 'Project members', group: 'Group members' },
  whats_new_variant: {
    all_tiers: "Enable What's new: All tiers",
    current_tier: "Enable What's new: Current tier only",
    disabled: "Disable What's new",
  },
  first_day_of_week: { 0: 'Sunday', 1: 'Monday', 6: 'Saturday' },
  jobqueue_job_limiter_mode: { track: 'Track', compress: 'Compress' },
  import_sources: {
    github: 'GitHub',
    bitbucket: 'Bitbucket Cloud',
    bitbucket_server: 'Bitbucket Server',
    fogbugz: 'FogBugz',
    git: 'Repository by URL',
    gitlab_project: 'GitLab export',
    gitea: 'Gitea',
    manifest: 'Manifest file',
    gitlab_built_in_project_template: 'Built-in project templates',
  },
}

/** The name of one value of an enumerated setting. */
export function choiceName(def: SettingDef, value: string | number | null): string {
  const key = value === null ? '' : String(value)
  const named = NAMES[def.key]?.[key]
  if (named) return named
  // The SSH key restrictions (GitLab's ssh_key_restriction_options): allowed, forbidden, or a minimum size.
  if (def.key.endsWith('_key_restriction'))
    return key === '0' ? 'Are allowed' : key === '-1' ? 'Are forbidden' : `Must be at least ${key} bits`
  return key === '' ? '—' : key
}

/** The value/name pairs a control offers, with "" first for settings whose default is "nothing" (null). */
export function choicesOf(def: SettingDef): [value: string, name: string][] {
  const values = (def.enum ?? []).map(String)
  const blank = def.default === null && !def.type.endsWith('_list')
  return [...(blank ? [''] : []), ...values].map((v) => [v, choiceName(def, v === '' ? null : v)])
}

/** Visibility settings are radios, as on GitLab's Visibility and access controls page; lists are checkboxes. */
export function choiceControl(def: SettingDef): ChoiceControl {
  if (def.type.endsWith('_list')) return 'checkboxes'
  return def.key.endsWith('_visibility') ? 'radios' : 'select'
}

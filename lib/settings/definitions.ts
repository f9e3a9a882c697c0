// Single source of truth for the instance's application settings (GET/PUT /application/settings).
// Every attribute of the spec's settings table and of its read-back list is defined here with its
// JSON type, the value returned when it was never set, its console section and its validation
// metadata. The definitions are split by section into definitions-*.ts to keep files small.
// `id`, `created_at` and `updated_at` are not settings: the service adds them to the read model.
import { CI_CD_SETTINGS } from './definitions-ci'
import { GENERAL_SETTINGS } from './definitions-general'
import { SIGN_IN_SETTINGS } from './definitions-sign-in'
import { INTEGRATIONS_SETTINGS } from './definitions-integrations'
import { NETWORK_SETTINGS } from './definitions-network'
import { OTHER_SETTINGS } from './definitions-other'
import { SECURITY_SETTINGS } from './definitions-security'

export type SettingType = 'boolean' | 'integer' | 'float' | 'string' | 'string_list' | 'integer_list' | 'hash'

export type SettingSection =
  | 'general'
  | 'integrations'
  | 'network'
  | 'reporting'
  | 'repository'
  | 'ci_cd'
  | 'metrics'
  | 'preferences'
  | 'security'
  | 'imports'

export interface SettingDef {
  /** The API attribute name. */
  key: string
  type: SettingType
  /** JSON value returned when never set (null allowed). */
  default: unknown
  /** Console section, like GitLab's admin Settings pages. */
  section: SettingSection
  /** Short human label for the console. */
  label: string
  /** From the spec's Notes (or GitLab's description where the spec has none). */
  description: string
  /** Allowed values (for lists: allowed items) → Grape param error "<key> does not have a valid value". */
  enum?: readonly (string | number)[]
  /** Model validation: "must be greater than or equal to <min>". */
  min?: number
  /** Model validation: "must be less than or equal to <max>". */
  max?: number
  /** Strings: "is too long (maximum is N characters)". */
  maxLength?: number
  /** Lists: maximum number of entries. */
  maxItems?: number
  format?: 'email' | 'url' | 'regex' | 'hex_color' | 'hostname' | 'ip_or_cidr' | 'domain'
  /** Format of each list item. */
  itemFormat?: 'email' | 'url' | 'regex' | 'hostname' | 'ip_or_cidr' | 'domain'
  /** Tokens/passwords/keys: masked in change history. */
  secret?: boolean
  /** A `numeric` column in GitLab: its JSON is a string ("1.0"), and typed clients decode it so (go-gitlab's `,string`). */
  decimal?: boolean
  /** When THIS boolean is turned on in a request, these keys must be in the same request. */
  requires?: readonly string[]
  deprecated?: boolean
  /** Only if the spec/GitLab says it cannot be set via PUT. */
  readOnly?: boolean
}

/** Console sections in the order GitLab's admin area shows its Settings pages. */
export const SECTIONS: readonly { id: SettingSection; title: string; description: string }[] = [
  {
    id: 'general',
    title: 'General',
    description:
      'Visibility and access controls, account and limit settings, sign-up and sign-in restrictions, terms of service.',
  },
  {
    id: 'integrations',
    title: 'Integrations',
    description: 'Diagram renderers, code navigation, chat app, connector and editor extension settings.',
  },
  {
    id: 'repository',
    title: 'Repository',
    description: 'Default branch, repository storage weights, mirroring, housekeeping and size limits.',
  },
  {
    id: 'ci_cd',
    title: 'CI/CD',
    description: 'Auto DevOps, runners, job artifacts, pipeline limits, package and container registry.',
  },
  {
    id: 'reporting',
    title: 'Reporting',
    description: 'Spam and anti-bot protection, abuse reports.',
  },
  {
    id: 'metrics',
    title: 'Metrics and profiling',
    description: 'Usage statistics, service ping, performance bar and event tracking.',
  },
  {
    id: 'network',
    title: 'Network',
    description: 'User and IP rate limits, outbound requests, protected paths and API rate limits.',
  },
  {
    id: 'preferences',
    title: 'Preferences',
    description: 'Email, help page, "What\'s new", localization, real-time features and timeouts.',
  },
  {
    id: 'security',
    title: 'Security and authentication',
    description: 'Admin mode, two-factor authentication, SSH key restrictions, tokens and sessions.',
  },
  {
    id: 'imports',
    title: 'Import and export',
    description: 'Import sources, direct transfer, export and import size limits and concurrency.',
  },
]

export const SETTINGS: readonly SettingDef[] = [
  ...GENERAL_SETTINGS,
  ...SIGN_IN_SETTINGS,
  ...SECURITY_SETTINGS,
  ...INTEGRATIONS_SETTINGS,
  ...NETWORK_SETTINGS,
  ...CI_CD_SETTINGS,
  ...OTHER_SETTINGS,
]

export const SETTINGS_BY_KEY: ReadonlyMap<string, SettingDef> = new Map(SETTINGS.map((s) => [s.key, s]))

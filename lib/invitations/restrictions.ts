// GitLab's sign-up restrictions applied to an invited e-mail (RestrictedSignup): the allowlist of
// domains, the denylist, then the email_restrictions regex. The texts are GitLab's, HTML-escaped
// as its API sends them; administrators are told which setting to look at.
import RE2 from 're2'
import { currentSettings } from '../settings/service'
import { wildcardMatch } from '../util/wildcard'

type Restriction = 'allowlist' | 'denylist' | 'restricted'

const ADMIN_HINT: Record<Restriction, string> = {
  allowlist:
    'Go to the &#39;Admin area &gt; Sign-up restrictions&#39;, and check &#39;Allowed domains for sign-ups&#39;.',
  denylist: 'Go to the &#39;Admin area &gt; Sign-up restrictions&#39;, and check the &#39;Domain denylist&#39;.',
  restricted:
    'Go to the &#39;Admin area &gt; Sign-up restrictions&#39;, and check &#39;Email restrictions for sign-ups&#39;.',
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []
const matchesAny = (domains: string[], email: string) =>
  domains.some((d) => wildcardMatch(d.toLowerCase(), domainOf(email)))

async function restriction(email: string): Promise<Restriction | null> {
  const s = await currentSettings()
  const allow = list(s.domain_allowlist)
  if (allow.length) return matchesAny(allow, email) ? null : 'allowlist'
  if (s.domain_denylist_enabled && matchesAny(list(s.domain_denylist), email)) return 'denylist'
  if (s.email_restrictions_enabled && typeof s.email_restrictions === 'string' && s.email_restrictions) {
    try {
      if (new RE2(s.email_restrictions).test(email)) return 'restricted'
    } catch {
      // An invalid regex cannot be saved (settings validation); treat a legacy one as no restriction.
    }
  }
  return null
}

/** The member error for a restricted e-mail, or null when the e-mail may be invited. */
export async function inviteEmailRestriction(
  email: string,
  sourceKind: 'group' | 'project',
  byAdmin: boolean,
): Promise<string | null> {
  const why = await restriction(email)
  if (!why) return null
  return `The member's email address is not allowed for this ${sourceKind}. ${byAdmin ? ADMIN_HINT[why] : 'Check with your administrator.'}`
}

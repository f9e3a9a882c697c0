// The instance's outbound rules, read through the settings service at each request (it caches):
// a change of allow_local_requests_from_web_hooks_and_services, outbound_local_requests_whitelist,
// dns_rebinding_protection_enabled or deny_all_requests_except_allowed applies to the next call.
import { z } from 'zod'
import { currentSettings } from '../settings/service'
import { parseAllowlist } from './address'
import type { OutboundPolicy } from './request'

const stored = z.object({
  allow_local_requests_from_web_hooks_and_services: z.boolean().catch(false),
  outbound_local_requests_whitelist: z.array(z.string()).catch([]),
  dns_rebinding_protection_enabled: z.boolean().catch(true),
  deny_all_requests_except_allowed: z.boolean().catch(false),
})

export async function outboundPolicy(): Promise<OutboundPolicy> {
  const s = stored.parse(await currentSettings())
  return {
    allowLocal: s.allow_local_requests_from_web_hooks_and_services,
    allowlist: parseAllowlist(s.outbound_local_requests_whitelist),
    rebindingProtection: s.dns_rebinding_protection_enabled,
    denyAllExceptAllowed: s.deny_all_requests_except_allowed,
  }
}

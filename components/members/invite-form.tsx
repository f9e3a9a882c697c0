'use client'
// "Invite members": several e-mail addresses and usernames at once, one role and an optional
// expiry; after sending, each address shows its own result (GitLab answers per address).
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { Button, Field, Textarea, useToast } from '@/components/ui'
import { parseTargets, readResults, type InviteResponse, type InviteResult } from '@/lib/console/invite-results'
import { formText } from '@/lib/util/form'
import { ApiClientError } from '../api-client'
import { useApi } from '../console-providers'
import { RoleAndExpiryFields, roleAndExpiry } from './role-and-expiry-fields'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'

/** The toast after an invite: every address failing is told below the form only. */
function inviteMessage(results: InviteResult[]): string {
  const ok = results.filter((x) => x.ok)
  if (ok.length < results.length) return `Invited ${ok.length} of ${results.length}; see the results below.`
  // One address: its result's first words ("Invited by e-mail", "Added as a member at once").
  if (ok.length === 1) return `${ok[0]!.text.split(/ \(|:/)[0]!}.`
  return `Invited ${ok.length}; see the results below.`
}

export function InviteForm({ source }: { source: SourceRef }) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const [results, setResults] = useState<InviteResult[] | null>(null)

  /** Lower-cased addresses among the source's invitations; null when they cannot be read. */
  const pendingInvitations = async (emails: string[]): Promise<Set<string> | null> => {
    try {
      const found = await Promise.all(
        emails.map((query) => api(endpoints.invitation[source.kind].list, { id: source.id, query })),
      )
      return new Set(found.flat().map((i) => i.invite_email.toLowerCase()))
    } catch {
      return null
    }
  }

  // The fields are uncontrolled and read at submit time: text typed before hydration is kept.
  const invite = useMutation({
    mutationFn: async ({
      raw,
      level,
      expires,
    }: {
      raw: string
      level: number
      expires: string
      form: HTMLFormElement
    }) => {
      const targets = parseTargets(raw)
      if (!targets.length) throw new Error('Enter at least one e-mail address or username')
      // Usernames become user ids (the invitations API takes ids); unknown ones fail locally.
      const users = await Promise.all(
        targets
          .filter((t) => t.username)
          .map(
            async (t) =>
              [t.username!.toLowerCase(), (await api(endpoints.user.list, { username: t.username! }))[0]?.id] as const,
          ),
      )
      const ids = users.filter(([, id]) => id != null).map(([, id]) => id)
      const unknown = new Set(users.filter(([, id]) => id == null).map(([u]) => u))
      const emails = targets.filter((t) => t.email).map((t) => t.email!)
      let body: InviteResponse = { status: 'success' }
      if (emails.length || ids.length) {
        const json = {
          access_level: level,
          ...(emails.length ? { email: emails.join(',') } : {}),
          ...(ids.length ? { user_id: ids.join(',') } : {}),
          ...(expires ? { expires_at: expires } : {}),
          invite_source: 'console',
        }
        try {
          body = await api.quiet(endpoints.invitation[source.kind].create, { id: source.id, ...json })
        } catch (e) {
          if (!(e instanceof ApiClientError)) throw e
          // A refusal of the whole call (403, 400) applies to every address.
          body = { status: 'error', message: e.message }
        }
      }
      // Which addresses now wait as invitations (the rest joined at once as existing accounts).
      const pending = emails.length ? await pendingInvitations(emails) : null
      return readResults(targets, body, unknown, pending)
    },
    onSuccess: (r, { form }) => {
      setResults(r)
      const ok = r.filter((x) => x.ok).length
      if (ok > 0) toast.success(inviteMessage(r))
      if (r.every((x) => x.ok)) (form.elements.namedItem('targets') as HTMLTextAreaElement).value = ''
      router.refresh()
    },
  })

  return (
    <form
      noValidate
      data-testid="invite-form"
      onSubmit={(e) => {
        e.preventDefault()
        const data = new FormData(e.currentTarget)
        setResults(null)
        invite.mutate({ raw: formText(data, 'targets'), ...roleAndExpiry(data), form: e.currentTarget })
      }}
    >
      <h3>Invite members</h3>
      <Field
        label="E-mail addresses or usernames"
        htmlFor="invite-targets"
        hint="Separate several with commas or spaces; @name or name is a username."
      >
        <Textarea id="invite-targets" name="targets" rows={2} data-testid="invite-targets-input" />
      </Field>
      <div className="field-row">
        <RoleAndExpiryFields prefix="invite" />
      </div>
      <Button
        type="submit"
        variant="primary"
        pending={invite.isPending}
        pendingLabel="Inviting…"
        data-testid="invite-submit"
      >
        Invite
      </Button>
      {invite.error && (
        <div className="field-error" role="alert" data-testid="invite-error">
          {invite.error.message}
        </div>
      )}
      {results && (
        <ul className="invite-results" data-testid="invite-results">
          {results.map((r) => (
            <li
              key={r.entry}
              data-testid="invite-result"
              data-ok={r.ok}
              data-entry={r.entry}
              className={r.ok ? 'ok' : 'field-error'}
            >
              <strong>{r.entry}</strong>: {r.text}
            </li>
          ))}
        </ul>
      )}
    </form>
  )
}

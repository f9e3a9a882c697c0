'use client'
// Create or edit a broadcast message, with a live preview of what users will see.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import type { BroadcastMessageEntity } from '@/lib/broadcast-messages/entity'
import { BROADCAST_TYPES, THEMES } from '@/lib/broadcast-messages/rules'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { BroadcastPreview } from './broadcast-preview'
import { broadcastFormSchema, FORM_FIELDS, toApiBody, toLocalInput, type BroadcastFormInput, type BroadcastFormOutput } from './form-schema'
import { TargetLevelCheckboxes } from './target-level-checkboxes'
import { endpoints } from '@/lib/console/endpoint-refs'

const LIST = '/admin/broadcast_messages'

// The entity types these as plain strings; the form's selects hold only the known values.
const oneOf = <T extends string>(values: readonly T[], v: string | undefined, fallback: T): T => values.find((x) => x === v) ?? fallback

function defaultsFor(m?: BroadcastMessageEntity): BroadcastFormInput {
  const now = Date.now()
  return {
    message: m?.message ?? '',
    broadcast_type: oneOf(BROADCAST_TYPES, m?.broadcast_type, 'banner'),
    theme: oneOf(THEMES, m?.theme, 'indigo'),
    starts_at: toLocalInput(m?.starts_at ?? new Date(now)),
    ends_at: toLocalInput(m?.ends_at ?? new Date(now + 3600_000)),
    target_access_levels: (m?.target_access_levels ?? []).map(String),
    target_path: m?.target_path ?? '',
    dismissable: m?.dismissable ?? false,
    font: m?.font ?? '',
  }
}

export function BroadcastForm({ message }: { message?: BroadcastMessageEntity }) {
  const api = useApi()
  const router = useRouter()
  const form = useForm<BroadcastFormInput, unknown, BroadcastFormOutput>({ resolver: zodResolver(broadcastFormSchema), defaultValues: defaultsFor(message) })
  const { errors } = form.formState
  const live = form.watch()

  const save = useMutation({
    mutationFn: (v: BroadcastFormOutput) =>
      message ? api(endpoints.broadcastMessage.update, { id: message.id, ...toApiBody(v) }) : api(endpoints.broadcastMessage.create, toApiBody(v)),
    onSuccess: () => {
      if (message) router.push(LIST)
      else form.reset(defaultsFor())
      router.refresh() // the server-rendered table picks up the change
    },
    onError: (err) => applyApiErrors(err, form.setError, FORM_FIELDS),
  })

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))} data-testid="broadcast-form">
      <FormError message={errors.root?.server?.message} />
      <Field label="Message" htmlFor="broadcast-message" error={errors.message?.message}>
        <textarea id="broadcast-message" rows={3} {...form.register('message')} data-testid="broadcast-message-input" />
      </Field>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Field label="Type" htmlFor="broadcast-type" error={errors.broadcast_type?.message}>
          <select id="broadcast-type" {...form.register('broadcast_type')} data-testid="broadcast-type-select">
            {BROADCAST_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Theme (banners)" htmlFor="broadcast-theme" error={errors.theme?.message}>
          <select id="broadcast-theme" {...form.register('theme')} data-testid="broadcast-theme-select">
            {THEMES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Text colour (optional)" htmlFor="broadcast-font" error={errors.font?.message}>
          <input id="broadcast-font" type="text" placeholder="#FFFFFF" {...form.register('font')} data-testid="broadcast-font-input" />
        </Field>
      </div>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Field label="Starts at" htmlFor="broadcast-starts-at" error={errors.starts_at?.message}>
          <input id="broadcast-starts-at" type="datetime-local" {...form.register('starts_at')} data-testid="broadcast-starts-at-input" />
        </Field>
        <Field label="Ends at" htmlFor="broadcast-ends-at" error={errors.ends_at?.message}>
          <input id="broadcast-ends-at" type="datetime-local" {...form.register('ends_at')} data-testid="broadcast-ends-at-input" />
        </Field>
      </div>
      <Field label="Target roles" htmlFor="broadcast-target-access-levels" error={errors.target_access_levels?.message} hint="None checked: every user.">
        <TargetLevelCheckboxes register={form.register('target_access_levels')} />
      </Field>
      <Field
        label="Target path"
        htmlFor="broadcast-target-path"
        error={errors.target_path?.message}
        hint="Paths where the message shows; * matches anything, e.g. /projects*. Empty: everywhere."
      >
        <input id="broadcast-target-path" type="text" {...form.register('target_path')} data-testid="broadcast-target-path-input" />
      </Field>
      <Field label="Dismissable" htmlFor="broadcast-dismissable" error={errors.dismissable?.message}>
        <label className="checkbox">
          <input id="broadcast-dismissable" type="checkbox" {...form.register('dismissable')} data-testid="broadcast-dismissable-checkbox" />
          <span>Users can close the message</span>
        </label>
      </Field>
      <BroadcastPreview values={live} />
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="broadcast-submit">
          {save.isPending ? 'Saving…' : message ? 'Update broadcast message' : 'Add broadcast message'}
        </button>
        {message ? (
          <button type="button" className="btn" onClick={() => router.push(LIST)}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  )
}

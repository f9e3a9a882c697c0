'use client'
// Create or edit a broadcast message, with a live preview of what users will see.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import type { BroadcastMessageEntity } from '@/lib/broadcast-messages/entity'
import { BROADCAST_TYPES, THEMES } from '@/lib/broadcast-messages/rules'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button, buttonClass } from '../ui/button'
import { Checkbox } from '../ui/checkbox'
import { DateInput } from '../ui/date-time'
import { Input, Textarea } from '../ui/input'
import { Select } from '../ui/select'
import { useToast } from '../ui/toast'
import { BroadcastPreview } from './broadcast-preview'
import {
  broadcastFormSchema,
  FORM_FIELDS,
  toApiBody,
  toLocalInput,
  type BroadcastFormInput,
  type BroadcastFormOutput,
} from './form-schema'
import { TargetLevelCheckboxes } from './target-level-checkboxes'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

const LIST = '/admin/broadcast_messages'

// The entity types these as plain strings; the form's selects hold only the known values.
const oneOf = <T extends string>(values: readonly T[], v: string | undefined, fallback: T): T =>
  values.find((x) => x === v) ?? fallback

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
  const toast = useToast()
  const form = useForm<BroadcastFormInput, unknown, BroadcastFormOutput>({
    resolver: zodResolver(broadcastFormSchema),
    defaultValues: defaultsFor(message),
  })
  const { errors } = form.formState
  const live = form.watch()

  const save = useMutation({
    mutationFn: (v: BroadcastFormOutput) =>
      message
        ? api.quiet(endpoints.broadcastMessage.update, { id: message.id, ...toApiBody(v) })
        : api.quiet(endpoints.broadcastMessage.create, toApiBody(v)),
    onSuccess: () => {
      toast.success(message ? 'Broadcast message updated.' : 'Broadcast message added.')
      if (message) router.push(LIST)
      else form.reset(defaultsFor())
      router.refresh() // the server-rendered table picks up the change
    },
    onError: (err) => applyApiErrors(err, form.setError, FORM_FIELDS),
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}
      data-testid="broadcast-form"
    >
      <FormError message={errors.root?.server?.message} />
      <Field label="Message" htmlFor="broadcast-message" error={errors.message?.message}>
        <Textarea
          id="broadcast-message"
          rows={3}
          invalid={!!errors.message}
          {...form.register('message')}
          data-testid="broadcast-message-input"
        />
      </Field>
      <div className="field-row">
        <Field label="Type" htmlFor="broadcast-type" error={errors.broadcast_type?.message}>
          <Select
            id="broadcast-type"
            options={BROADCAST_TYPES.map((t) => [t, t] as const)}
            {...form.register('broadcast_type')}
            data-testid="broadcast-type-select"
          />
        </Field>
        <Field label="Theme (banners)" htmlFor="broadcast-theme" error={errors.theme?.message}>
          <Select
            id="broadcast-theme"
            options={THEMES.map((t) => [t, t] as const)}
            {...form.register('theme')}
            data-testid="broadcast-theme-select"
          />
        </Field>
        <Field label="Text colour (optional)" htmlFor="broadcast-font" error={errors.font?.message}>
          <Input
            id="broadcast-font"
            type="text"
            placeholder="#FFFFFF"
            invalid={!!errors.font}
            {...form.register('font')}
            data-testid="broadcast-font-input"
          />
        </Field>
      </div>
      <div className="field-row">
        <Field label="Starts at" htmlFor="broadcast-starts-at" error={errors.starts_at?.message}>
          <DateInput
            id="broadcast-starts-at"
            kind="datetime-local"
            invalid={!!errors.starts_at}
            {...form.register('starts_at')}
            data-testid="broadcast-starts-at-input"
          />
        </Field>
        <Field label="Ends at" htmlFor="broadcast-ends-at" error={errors.ends_at?.message}>
          <DateInput
            id="broadcast-ends-at"
            kind="datetime-local"
            invalid={!!errors.ends_at}
            {...form.register('ends_at')}
            data-testid="broadcast-ends-at-input"
          />
        </Field>
      </div>
      <Field
        label="Target roles"
        error={errors.target_access_levels?.message}
        errorTestId="broadcast-target-access-levels-error"
        hint="None checked: every user."
      >
        <TargetLevelCheckboxes register={form.register('target_access_levels')} />
      </Field>
      <Field
        label="Target path"
        htmlFor="broadcast-target-path"
        error={errors.target_path?.message}
        hint="Paths where the message shows; * matches anything, e.g. /projects*. Empty: everywhere."
      >
        <Input
          id="broadcast-target-path"
          type="text"
          invalid={!!errors.target_path}
          {...form.register('target_path')}
          data-testid="broadcast-target-path-input"
        />
      </Field>
      <Field label="Dismissable" error={errors.dismissable?.message} errorTestId="broadcast-dismissable-error">
        <Checkbox
          id="broadcast-dismissable"
          label="Users can close the message"
          {...form.register('dismissable')}
          data-testid="broadcast-dismissable-checkbox"
        />
      </Field>
      <BroadcastPreview values={live} />
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          pending={save.isPending}
          pendingLabel="Saving…"
          data-testid="broadcast-submit"
        >
          {message ? 'Update broadcast message' : 'Add broadcast message'}
        </Button>
        {message ? (
          <Link className={buttonClass()} href={LIST} data-testid="broadcast-cancel">
            Cancel
          </Link>
        ) : null}
      </div>
    </form>
  )
}

'use client'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { BodyOf } from '@/lib/api/endpoint'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Button, DateInput, Field, FormError, Input, SecretDialog, Select, Textarea, useToast } from '../ui'
import { ScopeCheckboxes } from './scope-checkboxes'
import { isoDay, tokenFormSchema, type TokenFormInput, type TokenFormOutput } from './token-form-schema'

type Created = BodyOf<typeof endpoints.token.create>
const FIELDS = ['name', 'description', 'expires_at', 'scopes', 'access_level'] as const

export interface CreateTokenFormProps {
  /** Whose access token to create (none: a personal token of the user). */
  source?: SourceRef
  scopes?: readonly string[]
  /** Offer a role (group and project access tokens). */
  roles?: readonly { value: number; label: string }[]
}

export function CreateTokenForm({ source, scopes, roles }: CreateTokenFormProps = {}) {
  const api = useApi()
  const toast = useToast()
  const router = useRouter()
  const [created, setCreated] = useState<Created | null>(null)
  const kind = source ? `${source.kind} access token` : 'personal access token'
  // GitLab's form also proposes a 30-day lifetime.
  const defaults: TokenFormInput = {
    name: '',
    description: '',
    expires_at: isoDay(30),
    scopes: [],
    access_level: roles ? '40' : undefined,
  }
  const form = useForm<TokenFormInput, unknown, TokenFormOutput>({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: defaults,
  })
  const { errors } = form.formState

  const create = useMutation({
    mutationFn: (v: TokenFormOutput): Promise<Created> => {
      const fields = {
        name: v.name,
        description: v.description,
        scopes: v.scopes,
        expires_at: v.expires_at?.toISOString().slice(0, 10),
      }
      return source
        ? api.quiet(endpoints.accessToken[source.kind].create, {
            id: source.id,
            ...fields,
            ...(roles && v.access_level ? { access_level: Number(v.access_level) } : {}),
          })
        : api.quiet(endpoints.token.create, fields)
    },
    onSuccess: (token) => {
      // The plaintext is shown once, in a dialog over the page wherever it is scrolled.
      setCreated(token)
      toast.success(`Token “${token.name}” created.`)
      form.reset(defaults)
      router.refresh() // the server-rendered list picks up the new token
    },
    onError: (err) => applyApiErrors(err, form.setError, FIELDS),
  })

  return (
    <section className="card">
      <h2>Add a new token</h2>
      <SecretDialog
        title={created ? `Your new ${kind} “${created.name}”` : ''}
        secret={created?.token ?? null}
        note="Copy it now: you won’t be able to see it again."
        onClose={() => setCreated(null)}
        testId="new-token"
      />
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))}
        data-testid="create-token-form"
      >
        <FormError message={errors.root?.server?.message} />
        <Field label="Token name" htmlFor="token-name" error={errors.name?.message}>
          <Input
            id="token-name"
            autoComplete="off"
            invalid={!!errors.name}
            {...form.register('name')}
            data-testid="token-name-input"
          />
        </Field>
        <Field label="Description (optional)" htmlFor="token-description" error={errors.description?.message}>
          <Textarea
            id="token-description"
            rows={2}
            invalid={!!errors.description}
            {...form.register('description')}
            data-testid="token-description-input"
          />
        </Field>
        <Field
          label="Expiration date"
          htmlFor="token-expires-at"
          error={errors.expires_at?.message}
          hint="Leave empty for a token that does not expire."
        >
          <DateInput
            id="token-expires-at"
            min={isoDay(1)}
            invalid={!!errors.expires_at}
            {...form.register('expires_at')}
            data-testid="token-expires-at-input"
          />
        </Field>
        <Field label="Scopes" error={errors.scopes?.message} errorTestId="token-scopes-error">
          <ScopeCheckboxes register={form.register('scopes')} scopes={scopes} />
        </Field>
        {roles && (
          <Field label="Role" htmlFor="token-role" error={errors.access_level?.message}>
            <Select
              id="token-role"
              options={roles.map((r) => [String(r.value), r.label] as const)}
              {...form.register('access_level')}
              data-testid="token-role-select"
            />
          </Field>
        )}
        <Button
          type="submit"
          variant="primary"
          pending={create.isPending}
          pendingLabel="Creating…"
          data-testid="create-token-submit"
        >
          Create token
        </Button>
      </form>
    </section>
  )
}

'use client'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { BodyOf } from '@/lib/api/endpoint'
import { endpoints } from '@/lib/console/endpoint-refs'
import type { SourceRef } from '@/lib/console/source'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { NewTokenBox } from './new-token-box'
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
  const router = useRouter()
  const [created, setCreated] = useState<Created | null>(null)
  // GitLab's form also proposes a 30-day lifetime.
  const defaults: TokenFormInput = { name: '', description: '', expires_at: isoDay(30), scopes: [], access_level: roles ? '40' : undefined }
  const form = useForm<TokenFormInput, unknown, TokenFormOutput>({ resolver: zodResolver(tokenFormSchema), defaultValues: defaults })
  const { errors } = form.formState

  const create = useMutation({
    mutationFn: (v: TokenFormOutput): Promise<Created> => {
      const fields = { name: v.name, description: v.description, scopes: v.scopes, expires_at: v.expires_at?.toISOString().slice(0, 10) }
      return source
        ? api(endpoints.accessToken[source.kind].create, { id: source.id, ...fields, ...(roles && v.access_level ? { access_level: Number(v.access_level) } : {}) })
        : api(endpoints.token.create, fields)
    },
    onSuccess: (token) => {
      setCreated(token)
      form.reset(defaults)
      router.refresh() // the server-rendered list picks up the new token
    },
    onError: (err) => applyApiErrors(err, form.setError, FIELDS),
  })

  return (
    <section className="card">
      <h2>Add a new token</h2>
      {created && <NewTokenBox name={created.name} token={created.token} onDismiss={() => setCreated(null)} />}
      <form noValidate onSubmit={form.handleSubmit((v) => create.mutateAsync(v).catch(() => undefined))} data-testid="create-token-form">
        <FormError message={errors.root?.server?.message} />
        <Field label="Token name" htmlFor="token-name" error={errors.name?.message}>
          <input id="token-name" autoComplete="off" {...form.register('name')} data-testid="token-name-input" />
        </Field>
        <Field label="Description (optional)" htmlFor="token-description" error={errors.description?.message}>
          <textarea id="token-description" rows={2} {...form.register('description')} data-testid="token-description-input" />
        </Field>
        <Field label="Expiration date" htmlFor="token-expires-at" error={errors.expires_at?.message} hint="Leave empty for a token that does not expire.">
          <input id="token-expires-at" type="date" min={isoDay(1)} {...form.register('expires_at')} data-testid="token-expires-at-input" />
        </Field>
        <Field label="Scopes" error={errors.scopes?.message} errorTestId="token-scopes-error">
          <ScopeCheckboxes register={form.register('scopes')} scopes={scopes} />
        </Field>
        {roles && (
          <Field label="Role" htmlFor="token-role" error={errors.access_level?.message}>
            <select id="token-role" {...form.register('access_level')} data-testid="token-role-select">
              {roles.map((r) => (
                <option key={r.value} value={String(r.value)}>
                  {r.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="create-token-submit">
          {create.isPending ? 'Creating…' : 'Create token'}
        </button>
      </form>
    </section>
  )
}

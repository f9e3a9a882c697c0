'use client'
// Add a SAML group link: the group name the identity provider sends, optionally the one provider
// it must come from, and the role it grants here.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { useApi } from '@/components/console-providers'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { Field } from '@/components/form/field'
import { FormError } from '@/components/form/form-error'
import { LINK_ROLE_OPTIONS, linkFormDefaults, linkFormSchema, type LinkFormInput, type LinkFormOutput } from './form-schema'
import { endpoints } from '@/lib/console/endpoint-refs'

export function SamlGroupLinkForm({ groupId }: { groupId: number }) {
  const api = useApi()
  const router = useRouter()
  const form = useForm<LinkFormInput, unknown, LinkFormOutput>({ resolver: zodResolver(linkFormSchema), defaultValues: linkFormDefaults() })
  const { errors } = form.formState

  const add = useMutation({
    mutationFn: (v: LinkFormOutput) =>
      api(endpoints.saml.createGroupLink, { id: groupId, saml_group_name: v.saml_group_name, access_level: v.access_level, ...(v.provider ? { provider: v.provider } : {}) }),
    onSuccess: () => {
      form.reset(linkFormDefaults())
      router.refresh()
    },
    onError: (err) => applyApiErrors(err, form.setError, ['saml_group_name', 'access_level', 'provider']),
  })

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => add.mutateAsync(v).catch(() => undefined))} data-testid="saml-link-form" style={{ marginBottom: 24 }}>
      <h3>Add a SAML group link</h3>
      <FormError message={errors.root?.server?.message} testId="saml-link-error" />
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Field label="SAML group name" htmlFor="saml-group-name" error={errors.saml_group_name?.message}>
          <input id="saml-group-name" autoComplete="off" placeholder="Engineering" {...form.register('saml_group_name')} data-testid="saml-group-name-input" />
        </Field>
        <Field label="Provider" htmlFor="saml-provider" error={errors.provider?.message} hint="Empty: the link applies whichever provider asserts the group.">
          <input id="saml-provider" autoComplete="off" placeholder="any" {...form.register('provider')} data-testid="saml-provider-input" />
        </Field>
        <Field label="Role" htmlFor="saml-access-level" error={errors.access_level?.message}>
          <select id="saml-access-level" {...form.register('access_level')} data-testid="saml-access-level-select">
            {LINK_ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="submit" className="btn btn-primary" disabled={add.isPending} data-testid="saml-link-submit">
        {add.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  )
}

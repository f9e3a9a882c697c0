'use client'
// Add a SAML group link: the group name the identity provider sends, optionally the one provider
// it must come from, and the role it grants here.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { useApi } from '@/components/console-providers'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { Button, Field, FormError, Input, Select, useToast } from '@/components/ui'
import {
  LINK_ROLE_OPTIONS,
  linkFormDefaults,
  linkFormSchema,
  type LinkFormInput,
  type LinkFormOutput,
} from './form-schema'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

const ROLE_OPTIONS = LINK_ROLE_OPTIONS.map((o) => [String(o.value), o.label] as const)

export function SamlGroupLinkForm({ groupId }: { groupId: number }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const form = useForm<LinkFormInput, unknown, LinkFormOutput>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: linkFormDefaults(),
  })
  const { errors } = form.formState

  const add = useMutation({
    mutationFn: (v: LinkFormOutput) =>
      api.quiet(endpoints.saml.createGroupLink, {
        id: groupId,
        saml_group_name: v.saml_group_name,
        access_level: v.access_level,
        ...(v.provider ? { provider: v.provider } : {}),
      }),
    onSuccess: (link) => {
      toast.success(`SAML group “${link.name}” linked.`)
      form.reset(linkFormDefaults())
      router.refresh()
    },
    onError: (err) => applyApiErrors(err, form.setError, ['saml_group_name', 'access_level', 'provider']),
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => add.mutateAsync(v).catch(() => undefined))}
      data-testid="saml-link-form"
      className="form-section"
    >
      <h3>Add a SAML group link</h3>
      <FormError message={errors.root?.server?.message} testId="saml-link-error" />
      <div className="field-row">
        <Field label="SAML group name" htmlFor="saml-group-name" error={errors.saml_group_name?.message}>
          <Input
            id="saml-group-name"
            autoComplete="off"
            placeholder="Engineering"
            invalid={!!errors.saml_group_name}
            {...form.register('saml_group_name')}
            data-testid="saml-group-name-input"
          />
        </Field>
        <Field
          label="Provider"
          htmlFor="saml-provider"
          error={errors.provider?.message}
          hint="Empty: the link applies whichever provider asserts the group."
        >
          <Input
            id="saml-provider"
            autoComplete="off"
            placeholder="any"
            invalid={!!errors.provider}
            {...form.register('provider')}
            data-testid="saml-provider-input"
          />
        </Field>
        <Field label="Role" htmlFor="saml-access-level" error={errors.access_level?.message}>
          <Select
            id="saml-access-level"
            options={ROLE_OPTIONS}
            invalid={!!errors.access_level}
            {...form.register('access_level')}
            data-testid="saml-access-level-select"
          />
        </Field>
      </div>
      <Button
        type="submit"
        variant="primary"
        pending={add.isPending}
        pendingLabel="Saving…"
        data-testid="saml-link-submit"
      >
        Save
      </Button>
    </form>
  )
}

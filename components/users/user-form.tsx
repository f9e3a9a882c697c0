'use client'
// Admin → Users → New user / a user's Account form: name, username, e-mail, projects limit and the
// access flags (administrator, external, can create groups); a new user also gets a password (or a
// random one) and may skip e-mail confirmation. POST /users or PUT /users/:id; the API's field
// errors show at their fields (a taken username too), the rest above the form.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Checkbox, Switch } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { useToast } from '@/components/ui/toast'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { UserWithAdminJson } from '@/lib/users/schema'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { applyUserErrors, toApi, USER_FIELDS, userFieldsSchema } from './user-form-schema'

const schema = userFieldsSchema.extend({
  password: z.string().refine((s) => s === '' || s.length >= 8, 'Password is too short (minimum is 8 characters)'),
  skip_confirmation: z.boolean(),
})
type Values = z.infer<typeof schema>
const FIELDS = [...USER_FIELDS, 'password'] as const

export function UserForm({
  user,
  defaultProjectsLimit = 100000,
}: {
  user?: UserWithAdminJson
  defaultProjectsLimit?: number
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: user?.name ?? '',
      username: user?.username ?? '',
      email: user?.email ?? '',
      projects_limit: String(user?.projects_limit ?? defaultProjectsLimit),
      admin: user?.is_admin ?? false,
      external: user?.external ?? false,
      can_create_group: user?.can_create_group ?? true,
      password: '',
      skip_confirmation: true,
    },
  })
  const { errors } = form.formState
  const save = useMutation({
    mutationFn: async ({ password, skip_confirmation, ...v }: Values) => {
      if (user) return api.quiet(endpoints.user.update, { id: user.id, ...toApi(v), ...(password ? { password } : {}) })
      return api.quiet(endpoints.user.create, {
        ...toApi(v),
        skip_confirmation,
        ...(password ? { password } : { force_random_password: true }),
      })
    },
    onSuccess: (saved) => {
      toast.success(user ? 'User saved.' : `User ${saved.username} created.`)
      if (user) router.refresh()
      else router.push(`/admin/users/${saved.id}`)
    },
    onError: (err) => applyUserErrors(err, form.setError, FIELDS),
  })
  const id = (name: string) => `user-${name.replace(/_/g, '-')}`
  const text = (
    name: 'name' | 'username' | 'email' | 'projects_limit',
    label: string,
    extra: { type?: string; hint?: string; inputMode?: 'numeric' } = {},
  ) => (
    <Field label={label} htmlFor={id(name)} error={errors[name]?.message} hint={extra.hint}>
      <Input
        id={id(name)}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        autoComplete="off"
        invalid={!!errors[name]}
        {...form.register(name)}
        data-testid={`${id(name)}-input`}
      />
    </Field>
  )
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}
      data-testid="user-form"
    >
      <FormError message={errors.root?.server?.message} testId="user-form-error" />
      {text('name', 'Name')}
      {text('username', 'Username', { hint: 'Also the path of their personal namespace.' })}
      {text('email', 'Email', { type: 'email' })}
      <Field
        label={user ? 'New password (optional)' : 'Password'}
        htmlFor={id('password')}
        error={errors.password?.message}
        hint={user ? 'Leave empty to keep the current password.' : 'Leave empty for a random password the user resets.'}
      >
        <Input
          id={id('password')}
          type="password"
          autoComplete="new-password"
          invalid={!!errors.password}
          {...form.register('password')}
          data-testid="user-password-input"
        />
      </Field>
      {text('projects_limit', 'Projects limit', {
        inputMode: 'numeric',
        hint: 'How many personal projects the user may create; 0 for none.',
      })}
      <fieldset className="field">
        <legend>Access</legend>
        <div className={errors.admin ? 'field has-error' : 'field'}>
          <Switch
            label="Administrator: can administer this instance"
            {...form.register('admin')}
            data-testid="user-admin-input"
          />
          {errors.admin && (
            <div className="field-error" role="alert" data-testid="user-admin-error">
              {errors.admin.message}
            </div>
          )}
        </div>
        <Checkbox
          label="External"
          hint="Sees only the groups and projects they are a member of."
          {...form.register('external')}
          data-testid="user-external-input"
        />
        <Checkbox
          label="Can create top-level groups"
          {...form.register('can_create_group')}
          data-testid="user-can-create-group-input"
        />
        {!user && (
          <Checkbox
            label="Skip e-mail confirmation"
            {...form.register('skip_confirmation')}
            data-testid="user-skip-confirmation-input"
          />
        )}
      </fieldset>
      <Button
        type="submit"
        variant="primary"
        pending={save.isPending}
        pendingLabel={user ? 'Saving…' : 'Creating…'}
        data-testid="user-submit"
      >
        {user ? 'Save changes' : 'Create user'}
      </Button>
    </form>
  )
}

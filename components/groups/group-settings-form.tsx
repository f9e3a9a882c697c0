'use client'
// Group → Settings → General: the PUT /groups/:id fields as one form. Validation is the API's: its
// per-field messages land on their fields, anything else above the form.
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { ApiClientError } from '../api-client'
import { useApi } from '../console-providers'
import { applyApiErrors } from '../form/apply-api-errors'
import { Button, Checkbox, Field, FormError, Input, Select, Textarea, useToast, type SelectOption } from '../ui'
import type { GroupDetail } from '@/lib/console/resources'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

interface Values {
  name: string
  path: string
  description: string
  visibility: string
  project_creation_level: string
  subgroup_creation_level: string
  shared_runners_setting: string
  wiki_access_level: string
  enabled_git_access_protocol: string
  default_branch: string
  two_factor_grace_period: string
  max_artifacts_size: string
  request_access_enabled: boolean
  lfs_enabled: boolean
  emails_enabled: boolean
  mentions_disabled: boolean
  share_with_group_lock: boolean
  require_two_factor_authentication: boolean
  prevent_sharing_groups_outside_hierarchy: boolean
}

const FIELDS = [
  'name',
  'path',
  'description',
  'visibility',
  'project_creation_level',
  'subgroup_creation_level',
  'shared_runners_setting',
  'wiki_access_level',
  'enabled_git_access_protocol',
  'default_branch',
  'two_factor_grace_period',
  'max_artifacts_size',
  'request_access_enabled',
  'lfs_enabled',
  'emails_enabled',
  'mentions_disabled',
  'share_with_group_lock',
  'require_two_factor_authentication',
  'prevent_sharing_groups_outside_hierarchy',
] as const

const SELECTS: { name: keyof Values; label: string; options: SelectOption[] }[] = [
  {
    name: 'visibility',
    label: 'Visibility level',
    options: [
      ['private', 'Private'],
      ['internal', 'Internal'],
      ['public', 'Public'],
    ],
  },
  {
    name: 'project_creation_level',
    label: 'Roles allowed to create projects',
    options: [
      ['noone', 'No one'],
      ['maintainer', 'Maintainers'],
      ['developer', 'Developers + Maintainers'],
    ],
  },
  {
    name: 'subgroup_creation_level',
    label: 'Roles allowed to create subgroups',
    options: [
      ['owner', 'Owners'],
      ['maintainer', 'Maintainers'],
    ],
  },
  {
    name: 'shared_runners_setting',
    label: 'Instance runners',
    options: [
      ['enabled', 'Enabled'],
      ['disabled_and_overridable', 'Disabled, projects may override'],
      ['disabled_and_unoverridable', 'Disabled'],
    ],
  },
  {
    name: 'wiki_access_level',
    label: 'Wiki',
    options: [
      ['enabled', 'Everyone with access'],
      ['private', 'Members only'],
      ['disabled', 'Disabled'],
    ],
  },
  {
    name: 'enabled_git_access_protocol',
    label: 'Enabled Git access protocols',
    options: [
      ['all', 'SSH and HTTP(S)'],
      ['ssh', 'Only SSH'],
      ['http', 'Only HTTP(S)'],
    ],
  },
]

const CHECKS: { name: keyof Values; label: string; topLevelOnly?: boolean }[] = [
  { name: 'request_access_enabled', label: 'Users can request access' },
  { name: 'lfs_enabled', label: 'Large File Storage enabled for projects' },
  { name: 'emails_enabled', label: 'Enable email notifications' },
  { name: 'mentions_disabled', label: 'Group mentions are disabled' },
  { name: 'share_with_group_lock', label: 'Projects cannot be shared with other groups' },
  { name: 'require_two_factor_authentication', label: 'All users in this group must set up two-factor authentication' },
  {
    name: 'prevent_sharing_groups_outside_hierarchy',
    label: 'Members cannot invite groups outside this group and its subgroups',
    topLevelOnly: true,
  },
]

// The detail's fields (GET and PUT /groups/:id both answer them; only GET adds abilities).
function initial(g: Omit<GroupDetail, 'abilities'>): Values {
  return {
    name: g.name,
    path: g.path,
    description: g.description,
    visibility: g.visibility,
    project_creation_level: g.project_creation_level,
    subgroup_creation_level: g.subgroup_creation_level,
    shared_runners_setting: g.shared_runners_setting,
    wiki_access_level: g.wiki_access_level,
    enabled_git_access_protocol: g.enabled_git_access_protocol ?? 'all',
    default_branch: g.default_branch ?? '',
    two_factor_grace_period: String(g.two_factor_grace_period),
    max_artifacts_size: g.max_artifacts_size === null ? '' : String(g.max_artifacts_size),
    request_access_enabled: g.request_access_enabled,
    lfs_enabled: g.lfs_enabled,
    emails_enabled: g.emails_enabled,
    mentions_disabled: !!g.mentions_disabled,
    share_with_group_lock: g.share_with_group_lock,
    require_two_factor_authentication: g.require_two_factor_authentication,
    prevent_sharing_groups_outside_hierarchy: !!g.prevent_sharing_groups_outside_hierarchy,
  }
}

/** Only what changed goes to the API (so a subgroup never sends top-level-only keys). */
function changes(before: Values, after: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const k of FIELDS) if (after[k] !== before[k]) out[k] = after[k]
  return out
}

/** The API names the visibility error `visibility_level`; show it on the visibility field. */
function visibilityOnItsField(err: unknown): unknown {
  if (!(err instanceof ApiClientError) || !err.fieldErrors.visibility_level) return err
  const { visibility_level, ...rest } = err.fieldErrors
  return new ApiClientError(err.status, { message: { ...rest, visibility: visibility_level } })
}

export function GroupSettingsForm({ group }: { group: GroupDetail }) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const defaults = initial(group)
  const form = useForm<Values>({ defaultValues: defaults })
  const { errors } = form.formState
  const topLevel = group.parent_id === null

  const save = useMutation({
    // The base is what the form was last reset to, i.e. the server's values after the previous save.
    mutationFn: (v: Values) =>
      api.quiet(endpoints.group.update, {
        id: group.id,
        ...changes({ ...defaults, ...form.formState.defaultValues }, v),
        with_projects: false,
      }),
    onSuccess: (updated) => {
      toast.success('Group settings saved.')
      form.reset(initial(updated))
      if (updated.full_path !== group.full_path) router.replace(`/groups/${updated.full_path}/-/edit`)
      else router.refresh()
    },
    onError: (err) => applyApiErrors(visibilityOnItsField(err), form.setError, FIELDS),
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined))}
      data-testid="group-settings-form"
    >
      <FormError message={errors.root?.server?.message} testId="group-settings-error" />
      <Field label="Group name" htmlFor="group-name" error={errors.name?.message}>
        <Input
          id="group-name"
          autoComplete="off"
          invalid={!!errors.name}
          {...form.register('name')}
          data-testid="group-name-input"
        />
      </Field>
      <Field
        label="Group URL"
        htmlFor="group-path"
        error={errors.path?.message}
        hint="Changing it redirects the old URL to the new one."
      >
        <Input
          id="group-path"
          autoComplete="off"
          invalid={!!errors.path}
          {...form.register('path')}
          data-testid="group-path-input"
        />
      </Field>
      <Field label="Group description" htmlFor="group-description" error={errors.description?.message}>
        <Textarea
          id="group-description"
          rows={3}
          invalid={!!errors.description}
          {...form.register('description')}
          data-testid="group-description-input"
        />
      </Field>
      {SELECTS.map((s) => (
        <Field key={s.name} label={s.label} htmlFor={`group-${s.name}`} error={errors[s.name]?.message}>
          <Select
            id={`group-${s.name}`}
            options={s.options}
            invalid={!!errors[s.name]}
            {...form.register(s.name)}
            data-testid={`group-${s.name}-select`}
          />
        </Field>
      ))}
      <Field
        label="Default branch"
        htmlFor="group-default-branch"
        error={errors.default_branch?.message}
        hint="Empty: the instance default."
      >
        <Input
          id="group-default-branch"
          autoComplete="off"
          invalid={!!errors.default_branch}
          {...form.register('default_branch')}
          data-testid="group-default-branch-input"
        />
      </Field>
      <Field
        label="Two-factor grace period (hours)"
        htmlFor="group-2fa-grace"
        error={errors.two_factor_grace_period?.message}
      >
        <Input
          id="group-2fa-grace"
          type="number"
          min={0}
          invalid={!!errors.two_factor_grace_period}
          {...form.register('two_factor_grace_period')}
          data-testid="group-2fa-grace-input"
        />
      </Field>
      <Field
        label="Maximum artifacts size (MB)"
        htmlFor="group-max-artifacts"
        error={errors.max_artifacts_size?.message}
        hint="Empty: the instance limit."
      >
        <Input
          id="group-max-artifacts"
          type="number"
          min={0}
          invalid={!!errors.max_artifacts_size}
          {...form.register('max_artifacts_size')}
          data-testid="group-max-artifacts-input"
        />
      </Field>
      {CHECKS.filter((c) => topLevel || !c.topLevelOnly).map((c) => (
        <div key={c.name} className="field">
          <Checkbox label={c.label} {...form.register(c.name)} data-testid={`group-${c.name}-checkbox`} />
          {errors[c.name]?.message ? (
            <div className="field-error" role="alert">
              {errors[c.name]?.message}
            </div>
          ) : null}
        </div>
      ))}
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          pending={save.isPending}
          pendingLabel="Saving…"
          data-testid="group-settings-submit"
        >
          Save changes
        </Button>
        {save.isSuccess && !form.formState.isDirty ? (
          <span className="saved-note" role="status" data-testid="group-settings-saved">
            Saved.
          </span>
        ) : null}
      </div>
    </form>
  )
}

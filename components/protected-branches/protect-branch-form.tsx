'use client'
// GitLab's "Protect a branch" form: a name or wildcard (with the existing branches it covers listed
// as you type), who may merge, who may push and merge (a role plus, optionally, named members and
// groups the project is shared with),
// and whether force pushes are allowed.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useForm } from 'react-hook-form'
import { useApi } from '../console-providers'
import { Button, Checkbox, Field, FormError, Input, useToast } from '../ui'
import { applyProtectErrors } from './apply-protect-errors'
import {
  protectFormDefaults,
  protectFormSchema,
  toApiBody,
  type ProtectFormInput,
  type ProtectFormOutput,
} from './form-schema'
import { MatchingBranches } from './matching-branches'
import { ChoiceMultiSelect } from './choice-multi-select'
import { RoleSelect } from './role-select'
import type { GroupOption, MemberOption } from './types'
import { endpoints } from '@/lib/console/generated/endpoint-refs'

export interface ProtectBranchFormProps {
  projectId: number
  /** Names of the project's branches (the first 100), for the matching list. */
  branches: string[]
  branchesTruncated: boolean
  members: MemberOption[]
  /** Groups the project is shared with: only they may be named (GitLab's rule). */
  groups: GroupOption[]
}

export function ProtectBranchForm({ projectId, branches, branchesTruncated, members, groups }: ProtectBranchFormProps) {
  const memberChoices = members.map((m) => ({ id: m.id, label: `${m.name} (@${m.username})` }))
  const groupChoices = groups.map((g) => ({ id: g.id, label: g.fullPath }))
  const noMembers = 'No members with Developer access or above to choose.'
  const noGroups = 'The project is not shared with any group (Members → Share with a group).'
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const form = useForm<ProtectFormInput, unknown, ProtectFormOutput>({
    resolver: zodResolver(protectFormSchema),
    defaultValues: protectFormDefaults(),
  })
  const { errors } = form.formState
  const name = form.watch('name')

  const protect = useMutation({
    mutationFn: (v: ProtectFormOutput) =>
      api.quiet(endpoints.protectedBranch.create, { id: projectId, ...toApiBody(v) }),
    onSuccess: (rule) => {
      toast.success(`“${rule.name}” protected.`)
      form.reset(protectFormDefaults())
      router.refresh() // the server-rendered table picks up the new rule
    },
    onError: (err) => applyProtectErrors(err, form.setError),
  })

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => protect.mutateAsync(v).catch(() => undefined))}
      data-testid="protected-branch-form"
      className="form-section"
    >
      <h3>Add rule</h3>
      <FormError message={errors.root?.server?.message} testId="protected-branch-error" />
      <Field
        label="Branch"
        htmlFor="protected-branch-name"
        error={errors.name?.message}
        hint={<MatchingBranches pattern={name} branches={branches} truncated={branchesTruncated} />}
      >
        <Input
          id="protected-branch-name"
          autoComplete="off"
          placeholder="main, release/* or *-stable"
          invalid={!!errors.name}
          {...form.register('name')}
          data-testid="protected-branch-name-input"
        />
      </Field>
      <div className="field-row">
        <Field label="Allowed to merge" htmlFor="merge-access-level" error={errors.merge_access_level?.message}>
          <RoleSelect
            id="merge-access-level"
            register={form.register('merge_access_level')}
            testId="merge-access-select"
          />
        </Field>
        <Field label="Allowed to push and merge" htmlFor="push-access-level" error={errors.push_access_level?.message}>
          <RoleSelect
            id="push-access-level"
            register={form.register('push_access_level')}
            testId="push-access-select"
          />
        </Field>
      </div>
      <div className="field-row">
        <Field label="Also allowed to merge (members)" htmlFor="merge-users" error={errors.merge_user_ids?.message}>
          <ChoiceMultiSelect
            id="merge-users"
            options={memberChoices}
            empty={noMembers}
            register={form.register('merge_user_ids')}
            testId="merge-users-select"
          />
        </Field>
        <Field
          label="Also allowed to push and merge (members)"
          htmlFor="push-users"
          error={errors.push_user_ids?.message}
        >
          <ChoiceMultiSelect
            id="push-users"
            options={memberChoices}
            empty={noMembers}
            register={form.register('push_user_ids')}
            testId="push-users-select"
          />
        </Field>
      </div>
      <div className="field-row">
        <Field label="Also allowed to merge (groups)" htmlFor="merge-groups" error={errors.merge_group_ids?.message}>
          <ChoiceMultiSelect
            id="merge-groups"
            options={groupChoices}
            empty={noGroups}
            register={form.register('merge_group_ids')}
            testId="merge-groups-select"
          />
        </Field>
        <Field
          label="Also allowed to push and merge (groups)"
          htmlFor="push-groups"
          error={errors.push_group_ids?.message}
        >
          <ChoiceMultiSelect
            id="push-groups"
            options={groupChoices}
            empty={noGroups}
            register={form.register('push_group_ids')}
            testId="push-groups-select"
          />
        </Field>
      </div>
      <Field label="Force push" htmlFor="allow-force-push" error={errors.allow_force_push?.message}>
        <Checkbox
          id="allow-force-push"
          label="Allow all users with push access to force push"
          {...form.register('allow_force_push')}
          data-testid="allow-force-push-checkbox"
        />
      </Field>
      <Button
        type="submit"
        variant="primary"
        pending={protect.isPending}
        pendingLabel="Protecting…"
        data-testid="protect-submit"
      >
        Protect
      </Button>
    </form>
  )
}

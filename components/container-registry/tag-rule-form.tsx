'use client'
// A container tag protection rule: the tag name pattern (RE2) and the least role that may push or
// delete matching tags. Without `rule` it creates one; with it, it edits that rule (PATCH, where a
// blank level unsets it: a rule with neither level is immutable).
import { useMutation } from '@tanstack/react-query'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { endpoints } from '@/lib/console/generated/endpoint-refs'
import type { TagRuleJson, TagRuleLevelName } from '@/lib/registry-protection/schema'
import { useApi } from '../console-providers'
import { Field } from '../form/field'
import { FormError } from '../form/form-error'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { Select } from '../ui/select'
import { useToast } from '../ui/toast'
import { tagRuleErrors, type TagRuleErrors } from './tag-rule-errors'
import { TAG_RULE_LEVEL_LABELS, TAG_RULE_LEVEL_NAMES } from './tag-rule-levels'
import './registry.css'

type Level = TagRuleLevelName | ''
interface Values {
  tag_name_pattern: string
  minimum_access_level_for_push: Level
  minimum_access_level_for_delete: Level
}

const LEVEL_FIELDS = [
  { field: 'minimum_access_level_for_push', label: 'Minimum role allowed to push' },
  { field: 'minimum_access_level_for_delete', label: 'Minimum role allowed to delete' },
] as const

export function TagRuleForm({
  projectId,
  rule,
  onDone,
}: {
  projectId: number
  rule?: TagRuleJson
  onDone?: () => void
}) {
  const api = useApi()
  const router = useRouter()
  const toast = useToast()
  const initial: Values = {
    tag_name_pattern: rule?.tag_name_pattern ?? '',
    minimum_access_level_for_push: rule ? (rule.minimum_access_level_for_push ?? '') : 'maintainer',
    minimum_access_level_for_delete: rule ? (rule.minimum_access_level_for_delete ?? '') : 'maintainer',
  }
  const [values, setValues] = useState<Values>(initial)
  const [errors, setErrors] = useState<TagRuleErrors>({})
  const idp = rule ? `tag-rule-${rule.id}` : 'tag-rule'
  const testId = rule ? 'tag-rule-edit-form' : 'tag-rule-form'

  const save = useMutation({
    mutationFn: (v: Values) =>
      rule
        ? api.quiet(endpoints.registryTagRule.update, { id: projectId, protection_rule_id: rule.id, ...v })
        : api.quiet(endpoints.registryTagRule.create, {
            id: projectId,
            tag_name_pattern: v.tag_name_pattern,
            // The create form offers no blank level.
            minimum_access_level_for_push: v.minimum_access_level_for_push || 'maintainer',
            minimum_access_level_for_delete: v.minimum_access_level_for_delete || 'maintainer',
          }),
    onMutate: () => setErrors({}),
    onSuccess: (saved) => {
      toast.success(rule ? `Rule ${saved.tag_name_pattern} saved.` : `Rule ${saved.tag_name_pattern} added.`)
      if (!rule) setValues(initial)
      onDone?.()
      router.refresh()
    },
    onError: (err) => setErrors(tagRuleErrors(err)),
  })

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(values)
      }}
      data-testid={testId}
      className="tag-rule-form"
    >
      <h3>{rule ? `Edit rule ${rule.tag_name_pattern}` : 'Add a protection rule'}</h3>
      <FormError message={errors.root} testId={`${testId}-error`} />
      <Field
        label="Tag name pattern"
        htmlFor={`${idp}-pattern`}
        error={errors.tag_name_pattern}
        errorTestId={`${testId}-error-tag_name_pattern`}
        hint="An RE2 regular expression, such as v.* or ^release-\d+$."
      >
        <Input
          id={`${idp}-pattern`}
          autoComplete="off"
          invalid={!!errors.tag_name_pattern}
          value={values.tag_name_pattern}
          onChange={(e) => setValues((v) => ({ ...v, tag_name_pattern: e.target.value }))}
          data-testid={`${testId}-pattern`}
        />
      </Field>
      {LEVEL_FIELDS.map(({ field, label }) => (
        <Field
          key={field}
          label={label}
          htmlFor={`${idp}-${field}`}
          error={errors[field]}
          errorTestId={`${testId}-error-${field}`}
        >
          <Select
            id={`${idp}-${field}`}
            value={values[field]}
            invalid={!!errors[field]}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value as Level }))}
            data-testid={`${testId}-${field}`}
          >
            {rule && <option value="">Not set (immutable when both are unset)</option>}
            {TAG_RULE_LEVEL_NAMES.map((l) => (
              <option key={l} value={l}>
                {TAG_RULE_LEVEL_LABELS[l]}
              </option>
            ))}
          </Select>
        </Field>
      ))}
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          pending={save.isPending}
          pendingLabel="Saving…"
          data-testid={`${testId}-submit`}
        >
          {rule ? 'Save rule' : 'Add rule'}
        </Button>
        {onDone && rule && (
          <Button variant="link" onClick={onDone} data-testid={`${testId}-cancel`}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

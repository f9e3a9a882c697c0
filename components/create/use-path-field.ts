'use client'
// The name → path link of GitLab's create forms: the path follows the name (suggestPath) until the
// user types a path of their own (clearing it hands it back to the name), and its availability
// is checked as it changes.
import { useRef, type ChangeEvent } from 'react'
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form'
import { suggestPath } from '@/lib/console/new-resource'
import { usePathCheck, type PathAnswer } from './use-path-check'

interface NamePath extends FieldValues {
  name: string
  path: string
}

export function usePathField<T extends NamePath>(
  form: UseFormReturn<T>,
  opts: { topLevel: boolean; scope: string; check: (path: string) => Promise<PathAnswer> },
) {
  const own = useRef(false)
  const nameKey = 'name' as Path<T>
  const pathKey = 'path' as Path<T>
  const path = form.watch(pathKey) as string
  const status = usePathCheck(path, opts.topLevel, opts.scope, opts.check)
  const setPath = (value: string) =>
    form.setValue(pathKey, value as PathValue<T, Path<T>>, { shouldValidate: form.formState.isSubmitted })
  const name = form.register(nameKey)
  const pathReg = form.register(pathKey)
  return {
    status,
    nameProps: {
      ...name,
      onChange: async (e: ChangeEvent<HTMLInputElement>) => {
        await name.onChange(e)
        if (!own.current) setPath(suggestPath(e.target.value))
      },
    },
    pathProps: {
      ...pathReg,
      onChange: async (e: ChangeEvent<HTMLInputElement>) => {
        own.current = e.target.value !== ''
        await pathReg.onChange(e)
      },
    },
    /** Takes a suggested path as the user's own. */
    use: (value: string) => {
      own.current = true
      setPath(value)
    },
  }
}

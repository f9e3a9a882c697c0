/** Joins the truthy class names (the kit's one helper for conditional classes). */
export function cx(...names: (string | false | null | undefined)[]): string | undefined {
  const s = names.filter(Boolean).join(' ')
  return s || undefined
}

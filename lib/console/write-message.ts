// The console's default feedback after a successful write, from the call's method and route.

/** The default feedback after a write, from its method and route: "Deleted.", "Changes saved.", "Created.", "Done.". */
export function writeMessage(method: string, path: string): string {
  if (method === 'DELETE') return 'Deleted.'
  if (method === 'PUT' || method === 'PATCH') return 'Changes saved.'
  const segments = path.split('/').filter(Boolean)
  const last = segments[segments.length - 1] ?? ''
  // POST /users creates; POST /users/:id/block acts on something that exists.
  return segments.length > 1 &&
    segments[segments.length - 2]?.startsWith(':') &&
    !last.startsWith(':') &&
    !last.endsWith('s')
    ? 'Done.'
    : 'Created.'
}

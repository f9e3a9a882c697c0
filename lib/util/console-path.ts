/** Console URL of a group or project from its full path (each segment encoded, slashes kept). */
export const consolePath = (kind: 'groups' | 'projects', fullPath: string, section?: string) =>
  `/${kind}/${fullPath.split('/').map(encodeURIComponent).join('/')}${section ? `/-/${section}` : ''}`

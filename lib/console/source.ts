/**
 * A group or project as a source of members, invitations, access requests, shares and access
 * tokens: the console picks the endpoint by kind (`endpoints.member[source.kind].list`).
 */
export interface SourceRef {
  kind: 'group' | 'project'
  id: number
}

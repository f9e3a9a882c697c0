// `traversalIds` (namespaces and projects) is the path of namespace ids from the root group down,
// written `1/5/9/`: one parser for it, instead of a split in every domain that reads it.

/** The namespace ids from the root down (for a project: its namespace's ancestry). */
export const ancestorIds = (traversalIds: string): number[] => traversalIds.split('/').filter(Boolean).map(Number)

/** The root namespace's id. */
export const rootNamespaceId = (traversalIds: string): number => ancestorIds(traversalIds)[0]!

/** How deep in its tree: 1 for a top-level group. */
export const depthOf = (traversalIds: string): number => ancestorIds(traversalIds).length

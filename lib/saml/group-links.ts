// SAML group links of a group (GitLab's ee/lib/api/saml_group_links.rb): a SAML group name, from
// any or one named provider, grants a role in this group at sign-in (see sync.ts).
import { ApiError, unprocessable } from '../api/errors'
import { type PageWindow } from '../api/pagination'
import { offsetList } from '../api/offset-list'
import { getDb, uniqueAs } from '../db'
import type { Namespace, SamlGroupLink } from '../db'
import type { CreateLinkParams } from './schema'

const NAME_MAX = 255

/** GitLab's CreateService answers model errors as one joined full-message string with 400. */
const invalid = (message: string) => new ApiError(400, { message })
const linkNotFound = () => new ApiError(404, { message: 'Linked SAML group link not found' })
export const AMBIGUOUS_MESSAGE =
  'Multiple SAML group links found with the same name. Please specify a provider parameter to disambiguate.'

export async function listLinks(group: Namespace, window: PageWindow) {
  const db = await getDb()
  const where = { groupId: group.id }
  return offsetList(
    'samlGroupLink',
    where,
    window,
    db.samlGroupLink.findMany({ where, orderBy: { id: 'asc' }, skip: window.skip, take: window.take }),
  )
}

/**
 * The link named `name`; with `provider`, the one from that provider. Without it, several links
 * sharing the name under different providers are ambiguous (422, the spec's rule).
 */
export async function findLink(group: Namespace, name: string, provider: string | undefined): Promise<SamlGroupLink> {
  const db = await getDb()
  const rows = await db.samlGroupLink.findMany({
    where: { groupId: group.id, samlGroupName: name, ...(provider !== undefined ? { provider } : {}) },
    orderBy: { id: 'asc' },
    take: 2,
  })
  const [row, other] = rows
  if (!row) throw linkNotFound()
  if (other) throw unprocessable(AMBIGUOUS_MESSAGE)
  return row
}

export async function createLink(group: Namespace, params: CreateLinkParams): Promise<SamlGroupLink> {
  // GitLab strips the name before validating it.
  const name = params.saml_group_name.trim()
  if (!name) throw invalid("Saml group name can't be blank")
  if (name.length > NAME_MAX) throw invalid(`Saml group name is too long (maximum is ${NAME_MAX} characters)`)
  const db = await getDb()
  return await db.samlGroupLink
    .create({
      data: {
        groupId: group.id,
        samlGroupName: name,
        provider: params.provider?.trim() ?? '',
        accessLevel: params.access_level,
        memberRoleId: params.member_role_id ?? null,
      },
    })
    .catch(uniqueAs(() => invalid('Saml group name has already been taken')))
}

export async function deleteLink(link: SamlGroupLink): Promise<void> {
  const db = await getDb()
  await db.samlGroupLink.deleteMany({ where: { id: link.id } })
}

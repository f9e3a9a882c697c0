// Rows that point at a group or project by (type, id) rather than a foreign key — memberships,
// redirects, custom attributes, invitations, promotion and access requests, SAML links and identities — so the
// database cannot cascade them. Deleting groups or projects calls this inside its transaction.
import type { Prisma } from './index'

export async function deleteSubjectRows(tx: Prisma.TransactionClient, namespaceIds: number[], projectIds: number[]): Promise<void> {
  const bySource = { OR: [{ sourceType: 'Namespace', sourceId: { in: namespaceIds } }, { sourceType: 'Project', sourceId: { in: projectIds } }] }
  const bySubject = { OR: [{ subjectType: 'Namespace', subjectId: { in: namespaceIds } }, { subjectType: 'Project', subjectId: { in: projectIds } }] }
  await tx.member.deleteMany({ where: bySource })
  await tx.redirectRoute.deleteMany({ where: bySource })
  await tx.invitation.deleteMany({ where: bySource })
  await tx.memberApproval.deleteMany({ where: bySource })
  await tx.accessRequest.deleteMany({ where: bySource })
  await tx.customAttribute.deleteMany({ where: bySubject })
  if (namespaceIds.length) {
    await tx.samlGroupLink.deleteMany({ where: { groupId: { in: namespaceIds } } })
    await tx.identity.deleteMany({ where: { groupId: { in: namespaceIds } } })
  }
}

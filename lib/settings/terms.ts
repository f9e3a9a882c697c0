// enforce_terms: a console user accepts the current terms before using the console. Acceptance is
// per version (a hash of the text), so changed terms are asked for again.
import { createHash } from 'node:crypto'
import { getDb } from '../db'
import { currentSettings } from './service'

const hashOf = (terms: string) => createHash('sha256').update(terms).digest('hex')

/** The terms the user still has to accept, or null. */
export async function termsToAccept(userId: number): Promise<{ terms: string; hash: string } | null> {
  const s = await currentSettings()
  if (!s.enforce_terms || typeof s.terms !== 'string' || !s.terms.trim()) return null
  const hash = hashOf(s.terms)
  const db = await getDb()
  const accepted = await db.termsAcceptance.findUnique({ where: { userId_termsHash: { userId, termsHash: hash } } })
  return accepted ? null : { terms: s.terms, hash }
}

export async function acceptTerms(userId: number, hash: string): Promise<void> {
  const db = await getDb()
  await db.termsAcceptance.upsert({
    where: { userId_termsHash: { userId, termsHash: hash } },
    create: { userId, termsHash: hash },
    update: {},
  })
}

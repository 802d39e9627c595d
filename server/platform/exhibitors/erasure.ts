import type { Queryable } from '../../db/client.ts'
import type { PersonErasure } from '../erasure.ts'
import { deleteInvitationsTo } from './exhibitors.repo.ts'

/**
 * Invitations to a person's addresses, open or taken, go when they ask to be forgotten; their
 * memberships go with their account (cascade), and a company's profile is the company's, not theirs.
 */
export async function eraseExhibitorInvitations(tx: Queryable, person: PersonErasure): Promise<number> {
  return deleteInvitationsTo(tx, [...new Set([person.accountEmail.toLowerCase(), ...person.emails])])
}

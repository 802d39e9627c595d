import type { ApplicationStatus } from '../../../shared/contracts/applications.ts'
import { mayMoveTo, personName } from '../../../shared/rules/applications.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, notFound } from '../errors.ts'
import { applicationDecided } from '../exhibitors/index.ts'
import { queueMail } from '../mailer.ts'
import { decisionMail } from './applications.mail.ts'
import { accountOf, type ReviewRow, recordDecision, reviewByReference } from './applications.repo.ts'

export interface Decision {
  reference: string
  to: ApplicationStatus
  /** The status the decider saw: another decision made since then wins, and this one is refused. */
  expected?: ApplicationStatus | undefined
  applicantNote: string | null
  internalNote: string | null
  staffId: string | null
}

export interface DecisionMailSettings {
  brand: string
  contactEmail: string
  publicOrigin: string
}

export const applicationNotFound = () => notFound('console:errors.applicationNotFound')

/**
 * One decision on an application, for the console and the command line alike (the only place a status
 * changes): the row is locked, the move checked against STATUS_TRANSITIONS, the decision kept with its
 * notes, and the applicant mailed in the language they applied in, all in the caller's transaction.
 * An exhibitor application that is accepted becomes an exhibitor in the same transaction.
 * Of two decisions made at once on what both saw as the same status, the second finds it changed.
 */
export async function decide(tx: Queryable, decision: Decision, mail: DecisionMailSettings): Promise<{ before: ReviewRow; after: ReviewRow }> {
  const before = await reviewByReference(tx, decision.reference, 'en', true)
  if (!before) throw applicationNotFound()
  const locale: Locale = (LOCALES as readonly string[]).includes(before.locale) ? (before.locale as Locale) : 'en'
  if (decision.expected !== undefined && decision.expected !== before.status) throw conflict('console:errors.applicationChanged')
  if (before.status === decision.to) throw conflict('console:errors.applicationSameStatus')
  if (!mayMoveTo(before.status, decision.to)) throw conflict('console:errors.applicationTransition')
  await recordDecision(tx, {
    applicationId: before.id,
    from: before.status,
    to: decision.to,
    applicantNote: decision.applicantNote,
    internalNote: decision.internalNote,
    staffId: decision.staffId,
  })
  if (before.kind === 'exhibitor') {
    // An accepted exhibitor application is an exhibitor (docs/product.md#exhibitors), in this same transaction.
    await applicationDecided(
      tx,
      {
        applicationId: before.id,
        exhibitionId: before.exhibition_id,
        accountId: await accountOf(tx, before.id),
        email: before.email,
        companyName: before.company_name ?? before.email,
        website: before.website,
        locale,
        from: before.status,
        to: decision.to,
      },
      mail,
    )
  }
  // The exhibition is named in the applicant's language, as on the page they applied from.
  const localised = (await reviewByReference(tx, decision.reference, locale)) as ReviewRow
  await queueMail(
    tx,
    decisionMail({
      locale,
      to: before.email,
      reference: before.reference,
      kind: before.kind,
      name: before.kind === 'exhibitor' ? (before.contact_person ?? '') : personName(locale, before.given_name ?? '', before.surname ?? ''),
      exhibition: localised.exhibition_title,
      status: decision.to,
      note: decision.applicantNote,
      ...mail,
    }),
  )
  return { before, after: (await reviewByReference(tx, decision.reference, 'en')) as ReviewRow }
}

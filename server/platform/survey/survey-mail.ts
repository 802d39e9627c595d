import { greetingName } from '../../../shared/rules/names.ts'
import { SURVEY_LIMITS, surveyPath } from '../../../shared/rules/survey.ts'
import { LOCALES, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { queueMail } from '../mailer.ts'
import type { Platform } from '../platform.ts'
import { loadStrings } from '../kit/strings.ts'
import * as repo from './survey.repo.ts'
import { newSurveyToken } from './survey-visitor.ts'

const strings = loadStrings('survey')

/** Invitations one run claims; the rest wait for the next run. */
const BATCH = 100

const localeOrEnglish = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en')

/**
 * After an exhibition ends, each checked-in ticket holder gets one mail with their personal link, in
 * the order's language (docs/product.md#survey). Every instance may run this: a ticket's invitation row
 * is inserted with its mail in one transaction, and a second instance's insert of the same ticket
 * waits and then inserts nothing, so nobody is mailed twice.
 */
export async function mailSurveyInvitations(platform: Platform, now = new Date()): Promise<number> {
  const { db, config } = platform
  const candidates = await repo.invitationCandidates(db, now, SURVEY_LIMITS.mailWithinDays, BATCH)
  let mailed = 0
  // Read outside the claiming transaction: an embedded database serves one transaction at a time.
  const titles = new Map<string, string>()
  for (const candidate of candidates) {
    const locale = localeOrEnglish(candidate.locale)
    const key = `${candidate.exhibition_id}:${locale}`
    if (!titles.has(key)) titles.set(key, (await platform.services.exhibitions.getById(candidate.exhibition_id, locale))?.title ?? '')
    const sent = await db.transaction(async (tx) => {
      const { token, hash } = newSurveyToken()
      const claimed = await repo.claimInvitation(tx, {
        ticketId: candidate.ticket_id,
        exhibitionId: candidate.exhibition_id,
        tokenHash: hash,
        locale,
        email: candidate.email,
        expiresAt: new Date(candidate.ends_at.getTime() + SURVEY_LIMITS.openDays * 86_400_000),
      })
      if (!claimed) return false
      const t = strings(locale)
      const link = `${config.PUBLIC_ORIGIN}${surveyPath(urlLanguageOfLocale(locale), token)}`
      const values = {
        name: greetingName({ first: candidate.first_name, last: candidate.last_name }),
        exhibition: titles.get(key) ?? '',
        brand: config.BRAND_NAME,
        link,
        days: SURVEY_LIMITS.openDays,
      }
      const text = [t('mail.greeting', values), '', t('mail.text', values), '', link, '', t('mail.expires', values), '', t('mail.signature', values)]
      await queueMail(tx, { to: candidate.email, subject: t('mail.subject', values), text: text.join('\n') })
      return true
    })
    if (sent) mailed += 1
  }
  return mailed
}

import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ConsoleExhibitorDetail, resendExhibitorInvitation } from '../../../api/console-exhibitors.ts'
import { LANGUAGE_INFO, LOCALES, type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import detail from '../../ui/facts.module.css'
import styles from './exhibitor.module.css'

type Invitation = ConsoleExhibitorDetail['invitations'][number]

/** The mail's language by its own name ("日本語"), the code when it is not one of ours. */
const languageName = (locale: string) =>
  (LOCALES as readonly string[]).includes(locale) ? LANGUAGE_INFO[urlLanguageOfLocale(locale as Locale)].nativeName : locale

/**
 * The exhibitor's invitations not taken yet, lapsed ones marked; a member who may resend one is asked
 * first (a new link is mailed and the one sent before stops working).
 */
export function Invitations({
  exhibitor,
  mayResend,
  onDone,
}: {
  exhibitor: ConsoleExhibitorDetail
  mayResend: boolean
  onDone(status: { text: string; failed: boolean }): void
}) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const errorText = useErrorText()
  const [asking, setAsking] = useState<Invitation | null>(null)
  if (!exhibitor.invitations.length) return <p className={ui.muted}>{t('exhibitors.noInvitations')}</p>
  const resend = async (invitation: Invitation) => {
    try {
      await client.call(resendExhibitorInvitation, { exhibitorId: exhibitor.id, invitationId: invitation.id })
      onDone({ text: t('exhibitors.resent', { email: invitation.email }), failed: false })
    } catch (caught) {
      onDone({ text: errorText(caught), failed: true })
    }
  }
  return (
    <>
      <ul className={detail.entries}>
        {exhibitor.invitations.map((invitation) => (
          <li key={invitation.id} className={detail.entry}>
            <div className={styles.itemHead}>
              <span className={styles.email}>{invitation.email}</span>
              <span>
                {invitation.expired ? <span className={`${ui.badge} ${ui.badgeOff}`}>{t('exhibitors.expired')}</span> : null}{' '}
                {t(`exhibitors.roles.${invitation.role}`)}
              </span>
            </div>
            <div className={ui.muted}>
              {t(invitation.expired ? 'exhibitors.expiredOn' : 'exhibitors.expires')}: {formatDateTime(invitation.expiresAt, language)}
            </div>
            <div className={ui.muted}>
              {t('exhibitors.invitedBy')}: {invitation.invitedBy ?? t('exhibitors.byOrganiser')}
            </div>
            <div className={ui.muted}>
              {t('exhibitors.mailLanguage')}: {languageName(invitation.locale)}
            </div>
            {mayResend && exhibitor.status === 'active' ? (
              <button
                type="button"
                className={`${ui.button} ${styles.resend}`}
                aria-label={t('exhibitors.resendLabel', { email: invitation.email })}
                onClick={() => setAsking(invitation)}
              >
                {t('exhibitors.resend')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {asking ? (
        <ConfirmDialog
          title={t('exhibitors.resendTitle')}
          message={t('exhibitors.resendMessage', { email: asking.email })}
          confirmLabel={t('exhibitors.resend')}
          onConfirm={() => resend(asking)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  )
}

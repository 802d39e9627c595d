import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { acceptExhibitorInvitation } from '../../api/exhibitors.ts'
import { useGateway, useSite } from '../../app-state.ts'
import type { AreaLoad } from './area-load.ts'
import { AreaPage } from './area-page.tsx'
import { ExhibitionLine } from './area-parts.tsx'
import styles from './exhibitor-area.module.css'
import { useFailureMessage } from './messages.ts'

type InvitationLoad = Extract<AreaLoad, { kind: 'invitation' }>

/**
 * An invitation to an exhibitor's team, opened from its mail by a signed-in visitor: who invites them,
 * to what and as what, the address it was sent to, and Accept. A used, expired or unknown link says
 * so and who can send a new one; a member already on the team is taken to it.
 */
export function Invitation({ loaded }: { loaded: InvitationLoad }) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const messageOf = useFailureMessage()
  const [accepting, setAccepting] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { invitation } = loaded
  const list = `/${site.lang}/exhibitor.html`

  const accept = async () => {
    if (accepting) return
    setAccepting(true)
    setProblem(null)
    try {
      const { exhibitorId } = await gateway.call(acceptExhibitorInvitation, { token: loaded.token })
      navigate(`${list}?id=${exhibitorId}`, { replace: true })
    } catch (error) {
      setProblem(messageOf(error))
      setAccepting(false)
    }
  }

  return (
    <AreaPage back title={t('invitation.title')} heading={<h1 className={styles.title}>{t('invitation.title')}</h1>}>
      <section className={`${styles.card} ${styles.invitation}`} aria-labelledby="invitation-offer">
        {invitation ? (
          <>
            <h2 id="invitation-offer" className={styles.cardTitle}>
              {t('invitation.offer', { exhibitor: invitation.exhibitorName, exhibition: invitation.exhibition.title, role: t(`roles.${invitation.role}`) })}
            </h2>
            <ExhibitionLine exhibition={invitation.exhibition} />
            <p>
              {t('invitation.sentTo')} <strong className={styles.breakable}>{invitation.email}</strong>
            </p>
            {invitation.memberAlready ? (
              <>
                <p className={styles.note}>{t('invitation.memberAlready')}</p>
                <p>
                  <Link className={styles.primary} to={loaded.memberOf ? `${list}?id=${loaded.memberOf}` : list}>
                    {t('invitation.open', { exhibitor: invitation.exhibitorName })}
                  </Link>
                </p>
              </>
            ) : invitation.state === 'open' ? (
              <>
                <p className={styles.muted}>{t('invitation.acceptHint', { role: t(`roles.${invitation.role}`) })}</p>
                {problem ? (
                  <p className={styles.alert} role="alert">
                    {problem}
                  </p>
                ) : null}
                <p>
                  <button type="button" className={styles.primary} onClick={() => void accept()} disabled={accepting} aria-busy={accepting}>
                    {t('invitation.accept')}
                  </button>
                </p>
              </>
            ) : (
              <p className={`${styles.note} ${styles.noteWarning}`}>
                {invitation.state === 'used' ? t('errors.invitationUsed') : t('errors.invitationExpired')}
              </p>
            )}
          </>
        ) : (
          <>
            <h2 id="invitation-offer" className={styles.cardTitle}>
              {t('invitation.unusable')}
            </h2>
            <p className={`${styles.note} ${styles.noteWarning}`}>{t(loaded.problem ?? 'errors.invitationInvalid')}</p>
          </>
        )}
      </section>
    </AreaPage>
  )
}

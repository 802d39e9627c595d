import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { inviteExhibitorMember, removeExhibitorMember, revokeExhibitorInvitation, type TeamView, type WorkspaceView } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog.tsx'
import { MEMBER_ROLES, type MemberRole } from '../../../shared/rules/exhibitors.ts'
import { ActionStatus, longDate } from './area-parts.tsx'
import styles from './exhibitor-area.module.css'
import { useAreaAction, useFailureMessage } from './messages.ts'

type Member = TeamView['members'][number]
type Asking = { kind: 'remove'; member: Member } | { kind: 'leave'; member: Member } | null

/** The day an invitation stops working, as its mail says it (UTC). */
const untilOf = (expiresAt: string, htmlLang: string) => longDate(new Date(expiresAt), htmlLang)

/**
 * The exhibitor's team (docs/product.md#exhibitors): its members and, for administrators, the open
 * invitations, a way to invite a colleague by e-mail and to remove others. Anyone may leave; the
 * platform keeps at least one administrator and says so when asked to drop the last.
 */
export function Team({ workspace, onTeam, onLeft }: { workspace: WorkspaceView; onTeam(team: TeamView): void; onLeft(): void }) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const gateway = useGateway()
  const { exhibitor, team } = workspace
  const admin = exhibitor.role === 'admin'
  const [asking, setAsking] = useState<Asking>(null)
  const { busy, problem, notice, setNotice, run } = useAreaAction()

  const confirm = () =>
    run(async () => {
      if (!asking) return
      const result = await gateway.call(removeExhibitorMember, { exhibitorId: exhibitor.id, accountId: asking.member.accountId })
      const member = asking.member
      setAsking(null)
      if (result.left) {
        onLeft()
        return
      }
      if (result.team) onTeam(result.team)
      setNotice(t('team.removed', { nick: member.nick }))
    }).finally(() => setAsking((current) => (current ? null : current)))

  const revoke = (invitationId: number, email: string) =>
    run(async () => {
      onTeam(await gateway.call(revokeExhibitorInvitation, { exhibitorId: exhibitor.id, invitationId }))
      setNotice(t('team.revoked', { email }))
    })

  return (
    <div className={styles.team}>
      <ActionStatus notice={notice} problem={problem} />

      <ul className={styles.members} aria-label={t('team.members')}>
        {team.members.map((member) => (
          <li key={member.accountId} className={styles.member}>
            <div className={styles.memberWho}>
              <p className={styles.memberName}>
                <bdi>{member.nick}</bdi>
                {member.you ? <span className={`${styles.badge} ${styles.badgeYou}`}>{t('team.you')}</span> : null}
              </p>
              {member.email ? <p className={`${styles.meta} ${styles.breakable}`}>{member.email}</p> : null}
            </div>
            <span className={`${styles.badge} ${member.role === 'admin' ? styles.badgeAdmin : ''}`}>{t(`roles.${member.role}`)}</span>
            <div className={styles.memberActions}>
              {member.you ? (
                <button type="button" className={styles.secondary} disabled={busy} onClick={() => setAsking({ kind: 'leave', member })}>
                  {t('team.leave')}
                </button>
              ) : admin ? (
                <button
                  type="button"
                  className={styles.secondary}
                  disabled={busy}
                  aria-label={t('team.removeNamed', { nick: member.nick })}
                  onClick={() => setAsking({ kind: 'remove', member })}
                >
                  {t('team.remove')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>

      {admin ? (
        <section className={styles.subsection} aria-labelledby="team-invitations-title">
          <h3 id="team-invitations-title" className={styles.subsectionTitle}>
            {t('team.invitations')}
          </h3>
          {team.invitations.length ? (
            <ul className={styles.members}>
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className={styles.member}>
                  <div className={styles.memberWho}>
                    <p className={`${styles.memberName} ${styles.breakable}`}>{invitation.email}</p>
                    <p className={styles.meta}>{t('team.validUntil', { date: untilOf(invitation.expiresAt, site.htmlLang) })}</p>
                  </div>
                  <span className={`${styles.badge} ${invitation.role === 'admin' ? styles.badgeAdmin : ''}`}>{t(`roles.${invitation.role}`)}</span>
                  <div className={styles.memberActions}>
                    <button
                      type="button"
                      className={styles.secondary}
                      disabled={busy}
                      aria-label={t('team.revokeNamed', { email: invitation.email })}
                      onClick={() => void revoke(invitation.id, invitation.email)}
                    >
                      {t('team.revoke')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t('team.noInvitations')}</p>
          )}
          <InviteForm exhibitorId={exhibitor.id} onTeam={onTeam} onSent={(email) => setNotice(t('team.sent', { email }))} />
        </section>
      ) : null}

      <ConfirmDialog
        open={asking !== null}
        title={asking?.kind === 'leave' ? t('team.leaveTitle', { exhibitor: exhibitor.name }) : t('team.removeTitle', { nick: asking?.member.nick ?? '' })}
        text={asking?.kind === 'leave' ? t('team.leaveText') : t('team.removeText', { nick: asking?.member.nick ?? '' })}
        confirmLabel={asking?.kind === 'leave' ? t('team.leaveConfirm') : t('team.removeConfirm')}
        cancelLabel={t('team.cancel')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </div>
  )
}

function InviteForm({ exhibitorId, onTeam, onSent }: { exhibitorId: number; onTeam(team: TeamView): void; onSent(email: string): void }) {
  const { t } = useTranslation('exhibitor')
  const gateway = useGateway()
  const messageOf = useFailureMessage()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<MemberRole>('staff')
  const [sending, setSending] = useState(false)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    setSending(true)
    setFieldError(null)
    setProblem(null)
    try {
      const team = await gateway.call(inviteExhibitorMember, { exhibitorId, email: email.trim(), role })
      onTeam(team)
      onSent(email.trim())
      setEmail('')
    } catch (error) {
      const field = error instanceof GatewayError ? error.fields.email : undefined
      if (field) {
        setFieldError(t(field))
        document.getElementById('invite-email')?.focus()
      } else setProblem(messageOf(error))
    } finally {
      setSending(false)
    }
  }

  return (
    <form className={styles.inviteForm} onSubmit={send} noValidate aria-labelledby="team-invite-title">
      <h3 id="team-invite-title" className={styles.subsectionTitle}>
        {t('team.invite')}
      </h3>
      <p id="invite-hint" className={styles.hint}>
        {t('team.inviteHint')}
      </p>
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.inviteRow}>
        <div className={styles.field}>
          <label htmlFor="invite-email" className={styles.label}>
            {t('team.email')}
          </label>
          <input
            id="invite-email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            className={`${styles.input} ${fieldError ? styles.invalid : ''}`}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'invite-hint invite-email-error' : 'invite-hint'}
          />
          {fieldError ? (
            <p id="invite-email-error" className={styles.fieldError}>
              <span aria-hidden="true">! </span>
              {fieldError}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="invite-role" className={styles.label}>
            {t('team.role')}
          </label>
          <select id="invite-role" className={styles.input} value={role} onChange={(event) => setRole(event.target.value as MemberRole)}>
            {MEMBER_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${styles.primary} ${styles.inviteButton}`} disabled={sending} aria-busy={sending}>
          {t('team.send')}
        </button>
      </div>
    </form>
  )
}

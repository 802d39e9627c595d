import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ChannelSubmissionView, submitExhibitorChannel, type WorkspaceView, withdrawExhibitorChannel } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { CHANNEL_KINDS, type ChannelKind, SUBMISSION_LIMITS } from '../../../shared/rules/verification.ts'
import { ActionStatus, longDate } from './area-parts.tsx'
import styles from './exhibitor-area.module.css'
import { useAreaAction, useFailureMessage } from './messages.ts'

/** A day of the register (YYYY-MM-DD), or the day of an instant, as the member reads dates. */
const dayOf = (date: string, htmlLang: string) => longDate(new Date(`${date.slice(0, 10)}T00:00:00Z`), htmlLang)

const STATE_CLASS: Record<ChannelSubmissionView['state'], string | undefined> = {
  pending: styles.badgeWaiting,
  verified: styles.badgeVerified,
  lapsed: undefined,
  rejected: styles.badgeWithdrawn,
}

/**
 * The company's official channels (docs/product.md#exhibitor-channel-submissions): each one submitted
 * with where it stands (waiting, verified until a day, lapsed, rejected with the verifier's reason);
 * administrators submit new ones and withdraw those still waiting. Nothing here is answered to
 * visitors as the company's before the organiser's verifier has approved it.
 */
export function Channels({ workspace, onChannels }: { workspace: WorkspaceView; onChannels(channels: ChannelSubmissionView[]): void }) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const gateway = useGateway()
  const { exhibitor, channels } = workspace
  const admin = exhibitor.role === 'admin' && exhibitor.status === 'active'
  const { busy, problem, notice, setNotice, run } = useAreaAction()

  const withdraw = (channel: ChannelSubmissionView) =>
    run(async () => {
      const result = await gateway.call(withdrawExhibitorChannel, { exhibitorId: exhibitor.id, submissionId: channel.id })
      onChannels(result.channels)
      setNotice(t('channels.withdrawn', { value: channel.display }))
    })

  return (
    <div className={styles.team}>
      <p className={styles.muted}>{t('channels.lead')}</p>
      <ActionStatus notice={notice} problem={problem} />
      {channels.length ? (
        <ul className={styles.members} aria-label={t('channels.list')}>
          {channels.map((channel) => (
            <li key={channel.id} className={`${styles.member} ${styles.channel}`}>
              <div className={styles.memberWho}>
                <p className={`${styles.memberName} ${styles.breakable}`}>
                  <bdi dir="ltr">{channel.display}</bdi>
                </p>
                <p className={styles.meta}>
                  {t(`verify:types.${channel.kind}`)}
                  <span aria-hidden="true"> · </span>
                  <span className="visually-hidden">, </span>
                  {t('channels.submittedOn', { date: dayOf(channel.submittedAt, site.htmlLang) })}
                </p>
                {channel.state === 'rejected' && channel.reason ? <p className={styles.meta}>{t('channels.reason', { reason: channel.reason })}</p> : null}
              </div>
              <span className={`${styles.badge} ${STATE_CLASS[channel.state] ?? ''}`}>
                {channel.state === 'verified' || channel.state === 'lapsed'
                  ? t(`channels.${channel.state}`, { date: dayOf(channel.validUntil ?? '', site.htmlLang) })
                  : t(`channels.${channel.state}`)}
              </span>
              <div className={styles.memberActions}>
                {admin && channel.state === 'pending' ? (
                  <button
                    type="button"
                    className={styles.secondary}
                    disabled={busy}
                    aria-label={t('channels.withdrawNamed', { value: channel.display })}
                    onClick={() => void withdraw(channel)}
                  >
                    {t('channels.withdraw')}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('channels.none')}</p>
      )}
      {admin ? (
        <SubmitForm exhibitorId={exhibitor.id} onChannels={onChannels} onSent={(value) => setNotice(t('channels.sent', { value }))} />
      ) : (
        <p className={styles.muted}>{t('channels.readOnly')}</p>
      )}
    </div>
  )
}

type Field = 'kind' | 'value' | 'note'

function SubmitForm({
  exhibitorId,
  onChannels,
  onSent,
}: {
  exhibitorId: number
  onChannels(channels: ChannelSubmissionView[]): void
  onSent(value: string): void
}) {
  const { t } = useTranslation('exhibitor')
  const gateway = useGateway()
  const messageOf = useFailureMessage()
  const [kind, setKind] = useState<ChannelKind>('phone')
  const [value, setValue] = useState('')
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)
  const [fields, setFields] = useState<Partial<Record<Field, string>>>({})
  const [problem, setProblem] = useState<string | null>(null)

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    setSending(true)
    setFields({})
    setProblem(null)
    try {
      const result = await gateway.call(submitExhibitorChannel, { exhibitorId, kind, value: value.trim(), note })
      onChannels(result.channels)
      // The value as the register writes it: the newest submission comes first.
      onSent(result.channels[0]?.display ?? value.trim())
      setValue('')
      setNote('')
    } catch (error) {
      // A value someone else holds (409) names its field as a refused entry (400) does.
      const values = error instanceof GatewayError ? ((error.body as { data?: { fields?: Record<string, string> } } | null)?.data ?? {}) : {}
      const refused = error instanceof GatewayError ? { ...values.fields, ...error.fields } : {}
      const named = (['kind', 'value', 'note'] as const).filter((field) => refused[field])
      if (named.length) {
        setFields(Object.fromEntries(named.map((field) => [field, t(refused[field] as string, { ...values, max: SUBMISSION_LIMITS.note })])))
        document.getElementById(`channel-${named[0]}`)?.focus()
      } else setProblem(messageOf(error))
    } finally {
      setSending(false)
    }
  }

  const describedBy = (field: Field, hint?: string) => [hint, fields[field] ? `channel-${field}-error` : undefined].filter(Boolean).join(' ') || undefined
  const fieldError = (field: Field) =>
    fields[field] ? (
      <p id={`channel-${field}-error`} className={styles.fieldError}>
        <span aria-hidden="true">! </span>
        {fields[field]}
      </p>
    ) : null

  return (
    <form className={styles.inviteForm} onSubmit={send} noValidate aria-labelledby="channel-submit-title">
      <h3 id="channel-submit-title" className={styles.subsectionTitle}>
        {t('channels.submitTitle')}
      </h3>
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.field}>
        <label htmlFor="channel-kind" className={styles.label}>
          {t('channels.kind')}
        </label>
        <select
          id="channel-kind"
          className={`${styles.input} ${fields.kind ? styles.invalid : ''}`}
          value={kind}
          onChange={(event) => setKind(event.target.value as ChannelKind)}
          aria-invalid={fields.kind ? true : undefined}
          aria-describedby={describedBy('kind')}
        >
          {CHANNEL_KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`verify:types.${option}`)}
            </option>
          ))}
        </select>
        {fieldError('kind')}
      </div>
      <div className={styles.field}>
        <label htmlFor="channel-value" className={styles.label}>
          {t('channels.value')}
        </label>
        <p id="channel-value-hint" className={styles.hint}>
          {t('channels.valueHint')}
        </p>
        <input
          id="channel-value"
          type="text"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={SUBMISSION_LIMITS.value}
          className={`${styles.input} ${fields.value ? styles.invalid : ''}`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={fields.value ? true : undefined}
          aria-describedby={describedBy('value', 'channel-value-hint')}
        />
        {fieldError('value')}
      </div>
      <div className={styles.field}>
        <label htmlFor="channel-note" className={styles.label}>
          {t('channels.note')}
        </label>
        <p id="channel-note-hint" className={styles.hint}>
          {t('channels.noteHint', { max: SUBMISSION_LIMITS.note })}
        </p>
        <textarea
          id="channel-note"
          rows={3}
          maxLength={SUBMISSION_LIMITS.note}
          className={`${styles.input} ${styles.textarea} ${fields.note ? styles.invalid : ''}`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={fields.note ? true : undefined}
          aria-describedby={describedBy('note', 'channel-note-hint')}
        />
        {fieldError('note')}
      </div>
      <div>
        <button type="submit" className={styles.primary} disabled={sending} aria-busy={sending}>
          {t('channels.submit')}
        </button>
      </div>
    </form>
  )
}

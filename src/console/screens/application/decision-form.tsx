import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ApplicationDetail, decideApplication } from '../../../api/console.ts'
import type { ReviewStatus } from '../../../../shared/rules/applications.ts'
import { REVIEW_LIMITS } from '../../../../shared/rules/applications.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import styles from './application.module.css'

/**
 * A decision: one of the statuses the service allows from here, a note the applicant reads (mail and
 * My account) and one only staff read. The status the member saw goes along, so a decision someone
 * else made meanwhile is not overwritten unseen.
 */
export function DecisionForm({ application, onDone }: { application: ApplicationDetail; onDone(text: string): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [status, setStatus] = useState<ReviewStatus | ''>('')

  if (!application.nextStatuses.length) return <p className={ui.muted}>{t('applications.final')}</p>

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!status) {
      setError(t('applications.chooseStatus'))
      return
    }
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setError('')
    try {
      await client.call(decideApplication, {
        reference: application.reference,
        status,
        expected: application.status,
        applicantNote: String(form.get('applicantNote') ?? ''),
        internalNote: String(form.get('internalNote') ?? ''),
      })
      event.currentTarget?.reset()
      setStatus('')
      onDone(t('applications.decided', { status: t(`applications.status.${status}`) }))
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('applications.newStatus')}</legend>
        <div className={ui.choices}>
          {application.nextStatuses.map((next) => (
            <label key={next} className={ui.choice}>
              <input type="radio" name="status" value={next} checked={status === next} onChange={() => setStatus(next)} />
              {t(`applications.status.${next}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="decision-applicant-note">
          {t('applications.applicantNote')}
        </label>
        <textarea
          id="decision-applicant-note"
          name="applicantNote"
          className={`${ui.input} ${styles.note}`}
          maxLength={REVIEW_LIMITS.note}
          aria-describedby="decision-applicant-note-hint"
        />
        <p id="decision-applicant-note-hint" className={ui.hint}>
          {t('applications.applicantNoteHint')}
        </p>
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="decision-internal-note">
          {t('applications.internalNote')}
        </label>
        <textarea
          id="decision-internal-note"
          name="internalNote"
          className={`${ui.input} ${styles.note}`}
          maxLength={REVIEW_LIMITS.note}
          aria-describedby="decision-internal-note-hint"
        />
        <p id="decision-internal-note-hint" className={ui.hint}>
          {t('applications.internalNoteHint')}
        </p>
      </div>
      {error ? (
        <p className={ui.alert} role="alert">
          {error}
        </p>
      ) : null}
      <div className={ui.actions}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
          {t('applications.decide')}
        </button>
      </div>
    </form>
  )
}

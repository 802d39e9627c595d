import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ApplicationDetail, decideApplication } from '../../../api/console-applications.ts'
import type { ReviewStatus } from '../../../../shared/rules/applications.ts'
import { REVIEW_LIMITS } from '../../../../shared/rules/applications.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import { FormEnd } from '../../ui/form-end.tsx'
import { RadioField } from '../../ui/radio-field.tsx'
import { TextAreaField } from '../../ui/text-field.tsx'
import { FormMessage } from '../../ui/use-error-text.ts'
import { useFormCall } from '../../ui/use-form-call.ts'
import styles from './application.module.css'

/**
 * A decision: one of the statuses the service allows from here, a note the applicant reads (mail and
 * My account) and one only staff read. The status the member saw goes along, so a decision someone
 * else made meanwhile is not overwritten unseen.
 */
export function DecisionForm({ application, onDone }: { application: ApplicationDetail; onDone(text: string): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const [status, setStatus] = useState<ReviewStatus | ''>('')
  // The notes start empty again (the form is keyed by the round) for the next decision.
  const { busy, submit, message, round } = useFormCall(
    async (form) => {
      if (!status) throw new FormMessage(t('applications.chooseStatus'))
      await client.call(decideApplication, {
        reference: application.reference,
        status,
        expected: application.status,
        applicantNote: String(form.get('applicantNote') ?? ''),
        internalNote: String(form.get('internalNote') ?? ''),
      })
      return status
    },
    (decided) => {
      setStatus('')
      onDone(t('applications.decided', { status: t(`applications.status.${decided}`) }))
    },
  )

  if (!application.nextStatuses.length) return <p className={ui.muted}>{t('applications.final')}</p>

  return (
    <form key={round} className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
      <RadioField
        legend={t('applications.newStatus')}
        name="status"
        value={status}
        options={application.nextStatuses.map((next) => [next, t(`applications.status.${next}`)] as const)}
        onChange={setStatus}
      />
      <TextAreaField
        label={t('applications.applicantNote')}
        hint={t('applications.applicantNoteHint')}
        name="applicantNote"
        className={styles.note}
        maxLength={REVIEW_LIMITS.note}
      />
      <TextAreaField
        label={t('applications.internalNote')}
        hint={t('applications.internalNoteHint')}
        name="internalNote"
        className={styles.note}
        maxLength={REVIEW_LIMITS.note}
      />
      <FormEnd message={message} busy={busy} save={t('applications.decide')} />
    </form>
  )
}

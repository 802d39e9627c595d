import { useTranslation } from 'react-i18next'
import {
  mergeScamReportGroups,
  noteScamReportGroup,
  replyToScamReporter,
  type ScamReportGroupDetail,
  setScamReportStatus,
} from '../../../api/console-scam-reports.ts'
import { nextStatuses, SCAM_REPORT_LIMITS } from '../../../../shared/rules/scam-reports.ts'
import { useConsoleShell } from '../../console-state.ts'
import { Alert, FormEnd } from '../../ui/form-end.tsx'
import { TextAreaField, TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useAction } from '../../ui/use-action.ts'
import { useFormCall } from '../../ui/use-form-call.ts'

type Done = (notice: string) => Promise<void>

/** The statuses the group may move to from where it is: each one click, the change audited by the platform. */
export function StatusButtons({ group, onDone }: { group: ScamReportGroupDetail; onDone: Done }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, error, run } = useAction()
  return (
    <>
      <div className={ui.actions}>
        {nextStatuses(group.status).map((status) => (
          <button
            key={status}
            type="button"
            className={`${ui.button} ${status === 'confirmed' ? ui.danger : ''}`}
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await client.call(setScamReportStatus, { id: group.id, status })
                await onDone(t('scamReports.statusSet', { status: t(`scamReports.statuses.${status}`) }))
              })
            }
          >
            {t(`scamReports.moveTo.${status}`)}
          </button>
        ))}
      </div>
      <Alert message={error} />
    </>
  )
}

/** A note for the other verifiers, kept with the group, its author and time. */
export function NoteForm({ group, onDone }: { group: ScamReportGroupDetail; onDone: Done }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, submit, message, round, fieldError } = useFormCall(
    async (form) => client.call(noteScamReportGroup, { id: group.id, body: String(form.get('body') ?? '') }),
    () => onDone(t('scamReports.noted')),
  )
  return (
    <form key={round} className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField label={t('scamReports.note')} name="body" maxLength={SCAM_REPORT_LIMITS.note} error={fieldError('body')} required />
      <FormEnd message={message} busy={busy} save={t('scamReports.addNote')} />
    </form>
  )
}

/** Another group that is the same channel written differently joins this one, with its reports. */
export function MergeForm({ group, onDone }: { group: ScamReportGroupDetail; onDone: Done }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, submit, message, round, fieldError } = useFormCall(
    async (form) => client.call(mergeScamReportGroups, { from: Number(form.get('from')), into: group.id }),
    () => onDone(t('scamReports.merged')),
  )
  return (
    <form key={round} className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={t('scamReports.mergeFrom')} hint={t('scamReports.mergeHint')} name="from" inputMode="numeric" error={fieldError('from')} required />
      <FormEnd message={message} busy={busy} save={t('scamReports.merge')} />
    </form>
  )
}

/** A short message to one reporter, mailed in their language inside the site's frame; only with their consent. */
export function ReplyForm({ reportId, reference, onDone }: { reportId: number; reference: string; onDone: Done }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const { busy, submit, message, round, fieldError } = useFormCall(
    async (form) => client.call(replyToScamReporter, { reportId, body: String(form.get('body') ?? '') }),
    () => onDone(t('scamReports.replied', { reference })),
  )
  return (
    <form key={round} className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        label={t('scamReports.reply', { reference })}
        hint={t('scamReports.replyHint')}
        name="body"
        maxLength={SCAM_REPORT_LIMITS.reply}
        error={fieldError('body')}
        required
      />
      <FormEnd message={message} busy={busy} save={t('scamReports.sendReply')} />
    </form>
  )
}

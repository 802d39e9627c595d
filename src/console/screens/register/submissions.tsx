import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { approveChannelSubmission, type ChannelSubmission, rejectChannelSubmission } from '../../../api/console-register.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { SUBMISSION_LIMITS } from '../../../../shared/rules/verification.ts'
import { useConsoleShell } from '../../console-state.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { DayAndTime } from '../../ui/day-and-time.tsx'
import { FormDialog } from '../../ui/dialog.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { RegisterPager, RegisterStatus } from './register-kit.tsx'
import { type RegisterData, viewHref } from './register-query.ts'
import styles from './register.module.css'

type SubmissionsData = Extract<RegisterData, { view: 'submissions' }>
type Deciding = { kind: 'approve' | 'reject'; row: ChannelSubmission } | null

/** What the register already says about a submitted value, and whose channel it imitates: the verifier reads these before deciding. */
function Warnings({ row }: { row: ChannelSubmission }) {
  const { t } = useTranslation()
  return (
    <div>
      {row.registered ? (
        <div className={`${ui.badge} ${row.registered.owner === 'company' ? ui.badgeGood : ui.badgeOff}`}>
          {row.registered.owner === 'brand'
            ? t('register.submissions.heldByBrand')
            : row.registered.owner === 'company'
              ? t('register.submissions.heldBySame', { date: row.registered.retiredOn ?? row.registered.validUntil ?? '' })
              : t('register.submissions.heldByOther', { name: row.registered.name ?? '' })}
        </div>
      ) : null}
      {row.lookalike ? (
        <div className={`${ui.badge} ${ui.badgeOff}`}>
          {row.lookalike.owner === null
            ? t('register.submissions.imitatesBrand', { value: row.lookalike.resembles ?? t('register.submissions.ourName') })
            : t('register.submissions.imitatesOther', { name: row.lookalike.owner, value: row.lookalike.resembles ?? '' })}
        </div>
      ) : null}
      {!row.registered && !row.lookalike ? <span className={ui.muted}>{t('register.submissions.noWarning')}</span> : null}
    </div>
  )
}

/**
 * The queue of channels exhibitors submitted (docs/product.md#exhibitor-channel-submissions): the
 * oldest first; approving writes the register entry the company owns, vouched for until the day
 * chosen (the end of its exhibition plus a year unless changed); rejecting tells the company why.
 */
export function Submissions({ data }: { data: SubmissionsData }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const revalidator = useRevalidator()
  const [deciding, setDeciding] = useState<Deciding>(null)
  const [notice, setNotice] = useState('')
  const { rows, total } = data.submissions

  const decide = async (form: FormData) => {
    if (!deciding) return
    const { row, kind } = deciding
    try {
      if (kind === 'approve') {
        const done = await client.call(approveChannelSubmission, { id: row.id, validUntil: String(form.get('validUntil') ?? '') })
        setNotice(t('register.submissions.approved', { value: row.display, name: row.company.name, date: done.channel.validUntil ?? '' }))
      } else {
        await client.call(rejectChannelSubmission, { id: row.id, reason: String(form.get('reason') ?? '') })
        setNotice(t('register.submissions.rejected', { value: row.display, name: row.company.name }))
      }
    } catch (error) {
      // A field the platform refused is named in the dialog; the rest (decided meanwhile, held by another) as it says.
      const field = error instanceof GatewayError ? (error.fields.validUntil ?? error.fields.reason) : undefined
      throw field ? new GatewayError(400, field, null) : error
    }
    setDeciding(null)
    await revalidator.revalidate()
  }

  const columns: Array<Column<ChannelSubmission>> = [
    {
      header: t('register.value'),
      cell: (row) => (
        <div>
          <div className={`${styles.value} ${ui.mono}`}>{row.display}</div>
          <div>{t(`register.kinds.${row.kind}`)}</div>
          {row.note ? <div className={ui.muted}>{t('register.submissions.note', { note: row.note })}</div> : null}
        </div>
      ),
    },
    {
      header: t('register.submissions.company'),
      cell: (row) => (
        <div>
          <div>{row.company.name}</div>
          <div className={ui.muted}>{row.exhibition.title}</div>
        </div>
      ),
    },
    { header: t('register.submissions.check'), cell: (row) => <Warnings row={row} /> },
    { header: t('register.submissions.submitted'), cell: (row) => <DayAndTime at={row.submittedAt} /> },
    {
      header: t('register.actions'),
      cell: (row) => (
        <div className={ui.actions}>
          <button
            type="button"
            className={`${ui.button} ${ui.small} ${ui.primary}`}
            onClick={() => setDeciding({ kind: 'approve', row })}
            aria-label={t('register.submissions.approveLabel', { value: row.display, name: row.company.name })}
          >
            {t('register.submissions.approve')}
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.small} ${ui.danger}`}
            onClick={() => setDeciding({ kind: 'reject', row })}
            aria-label={t('register.submissions.rejectLabel', { value: row.display, name: row.company.name })}
          >
            {t('register.submissions.reject')}
          </button>
        </div>
      ),
    },
  ]

  return (
    <>
      <p className={ui.muted}>{t('register.submissions.lead')}</p>
      <RegisterStatus notice={notice} problem="" />
      <DataTable label={t('register.view.submissions')} columns={columns} rows={rows} rowKey={(row) => row.id} empty={t('register.submissions.none')} />
      <RegisterPager data={data} total={total} href={(page) => viewHref('submissions', { page })} />
      {deciding ? (
        <FormDialog
          key={`${deciding.kind}-${deciding.row.id}`}
          title={t(deciding.kind === 'approve' ? 'register.submissions.approveTitle' : 'register.submissions.rejectTitle', {
            value: deciding.row.display,
            name: deciding.row.company.name,
          })}
          submitLabel={t(deciding.kind === 'approve' ? 'register.submissions.approve' : 'register.submissions.reject')}
          closeLabel={t('register.cancel')}
          danger={deciding.kind === 'reject'}
          onClose={() => setDeciding(null)}
          onSubmit={decide}
        >
          {deciding.kind === 'approve' ? (
            <TextField
              label={t('register.validUntil')}
              hint={t('register.submissions.validUntilHint')}
              name="validUntil"
              type="date"
              required
              defaultValue={deciding.row.suggestedValidUntil}
            />
          ) : (
            <TextField
              label={t('register.submissions.reason')}
              hint={t('register.submissions.reasonHint')}
              name="reason"
              required
              maxLength={SUBMISSION_LIMITS.reason}
            />
          )}
        </FormDialog>
      ) : null}
    </>
  )
}

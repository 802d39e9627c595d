import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConsoleOrderDetail } from '../../../api/console-orders.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import { displayName } from '../../../../shared/rules/names.ts'
import { lazySection } from '../../../lib/lazy-section.tsx'
import { CONSOLE_ANSWER_FILE_PATH } from '../../../../shared/rules/ticket-question-files.ts'

type Attendee = ConsoleOrderDetail['attendees'][number]

/** The badge buttons come in their own chunk: the order screen is at its size budget. */
const BadgeButtons = lazySection('order/badge-buttons', () => import('./badge-buttons.tsx').then((module) => module.default))

interface AttendeeTableProps {
  order: ConsoleOrderDetail
  canEdit: boolean
  canResend: boolean
  /** Check-in or order access: the holder's badge as a PDF (docs/product.md#badges). */
  canBadge: boolean
  onEdit(attendee: Attendee): void
  onResend(attendee: Attendee): void
}

function ticketState(ticket: Attendee['ticket']): string {
  if (!ticket) return 'none'
  if (ticket.refunded) return 'refunded'
  return ticket.voided ? 'voided' : 'valid'
}

/** Whether the holder came in, and when and where: what the door recorded and did not undo. */
function Arrival({ checkedIn }: { checkedIn: NonNullable<Attendee['ticket']>['checkedIn'] }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  if (!checkedIn) return <div className={ui.muted}>{t('order.notCheckedIn')}</div>
  return <div>{t('order.checkedIn', { when: formatDateTime(checkedIn.at, language), gate: checkedIn.gate })}</div>
}

/** One row per attendee: their details, their e-ticket and its state, and what staff may do for them. */
export function AttendeeTable({ order, canEdit, canResend, canBadge, onEdit, onResend }: AttendeeTableProps) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const nameOf = (attendee: Attendee) => displayName({ first: attendee.firstName, last: attendee.lastName })
  const columns: Array<Column<Attendee>> = [
    { header: '#', cell: (attendee) => attendee.position },
    {
      header: t('order.attendee'),
      cell: (attendee) => (
        <>
          <div>{nameOf(attendee)}</div>
          {attendee.company || attendee.jobTitle ? <div>{[attendee.jobTitle, attendee.company].filter(Boolean).join(' · ')}</div> : null}
          <div className={ui.muted}>{attendee.email}</div>
          <div className={`${ui.muted} ${ui.mono}`}>{attendee.phone.e164}</div>
          {attendee.answers.map((answer) => (
            <div key={answer.questionId}>
              {/* A question that ends in its own mark ("Joining the dinner?") takes no colon after it. */}
              <span className={ui.muted}>{/[?？:：]$/.test(answer.question) ? answer.question : t('order.answer', { question: answer.question })}</span>{' '}
              {answer.file ? (
                // A file answer (docs/product.md#ticket-question-files): its name (its extension the kept type) and size saves it; each download audited.
                <a href={`${CONSOLE_ANSWER_FILE_PATH}?token=${answer.file.token}`} download>
                  {answer.file.name} ({Math.ceil(answer.file.bytes / 1024)} kB)
                </a>
              ) : (
                answer.answer
              )}
            </div>
          ))}
        </>
      ),
    },
    {
      header: t('order.ticket'),
      cell: (attendee) => (
        <>
          <div>{attendee.ticket?.typeName ?? '—'}</div>
          <div className={ui.muted}>
            {t(`order.ticketState.${ticketState(attendee.ticket)}`)}
            {attendee.ticket ? ` · ${formatMoney(attendee.ticket.refundMinor, order.currency, language)}` : ''}
          </div>
          {attendee.ticket && ticketState(attendee.ticket) === 'valid' ? <Arrival checkedIn={attendee.ticket.checkedIn} /> : null}
        </>
      ),
    },
    {
      header: t('order.actions'),
      actions: true,
      cell: (attendee) => (
        <div className={ui.actions}>
          {canEdit ? (
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => onEdit(attendee)}>
              {t('order.edit')}
              <span className="visually-hidden">{` ${nameOf(attendee)}`}</span>
            </button>
          ) : null}
          {canResend && attendee.ticket && !attendee.ticket.voided ? (
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => onResend(attendee)}>
              {t('order.resendOne')}
              <span className="visually-hidden">{` ${nameOf(attendee)}`}</span>
            </button>
          ) : null}
          {canBadge && attendee.ticket && ticketState(attendee.ticket) === 'valid' ? (
            <Suspense fallback={null}>
              <BadgeButtons exhibitionId={order.exhibitionId} ticketId={attendee.ticket.id} position={attendee.position} />
            </Suspense>
          ) : null}
        </div>
      ),
    },
  ]
  return <DataTable label={t('order.attendees')} columns={columns} rows={order.attendees} rowKey={(attendee) => attendee.id} />
}

import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type OrderDetail, setTicketShares } from '../../api/tickets.ts'
import { useGateway } from '../../app-state.ts'
import { useToast } from '../../components/toast/toast.tsx'
import type { LeadField } from '../../../shared/rules/leads.ts'
import { ActionButton, ActionError } from './action-button.tsx'
import { checkoutStyles as ui } from './checkout-page.tsx'
import { ShareChoice } from './share-choice.tsx'
import { useOrderAction } from './use-order-action.ts'

/** My tickets: what exhibitors who scan this ticket receive, changed at any time (docs/product.md#leads). */
export function TicketShares({ order, position }: { order: OrderDetail; position: number }) {
  const { t } = useTranslation('tickets')
  const gateway = useGateway()
  const toast = useToast()
  const action = useOrderAction()
  const saved = order.attendees.find((attendee) => attendee.position === position)?.shares ?? []
  const [shares, setShares] = useState<LeadField[]>(saved)
  const save = () =>
    action.run(async () => {
      const answer = await gateway.call(setTicketShares, { orderNumber: order.number, position, shares })
      setShares(answer.shares)
      toast.show(t('shares.saved'), { tone: 'success' })
    })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      noValidate
    >
      <ShareChoice value={shares} onChange={setShares} />
      <ActionError text={action.error} />
      <div className={ui.actions}>
        <ActionButton pending={action.pending} className={ui.secondary}>
          {t('shares.save')}
        </ActionButton>
      </div>
    </form>
  )
}

import { type MouseEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useRevalidator } from 'react-router'
import { joinWaitingList, leaveWaitingList, type TicketTypeCard, type WaitingEntry } from '../../../api/tickets.ts'
import { useGateway } from '../../../app-state.ts'
import { useCurrentUser } from '../../../components/account-menu/user-store.ts'
import { LoginButton } from '../../../components/login-frame/login-button.tsx'
import { useToast } from '../../../components/toast/toast.tsx'
import { WAITING_FORM, waitingQuantityField } from '../../../../shared/rules/waiting-list.ts'
import { checkoutStyles as ui } from '../checkout-page.tsx'
import { refusalOf } from '../refusal.ts'
import { QuantityStepper } from './quantity-stepper.tsx'
import styles from './selection.module.css'

/**
 * A sold-out type's waiting list in place of its quantity stepper (docs/product.md#waiting-list): the
 * visitor joins with a quantity, sees their place, changes the quantity or leaves. Visitors sign in first
 * and stay on the page. Without JavaScript the row's own form (WaitingForms) posts to the page's address
 * (server/platform/tickets/waiting-list/waiting-list.routes.ts), which comes back with the answer.
 */
export function WaitingListBox({ type, entry }: { type: TicketTypeCard; entry: WaitingEntry | null }) {
  const { t } = useTranslation('tickets')
  const user = useCurrentUser()
  const gateway = useGateway()
  const revalidator = useRevalidator()
  const toast = useToast()
  const [quantity, setQuantity] = useState(entry?.quantity ?? 1)
  const [pending, setPending] = useState(false)
  const act = async (event: MouseEvent, work: () => Promise<unknown>, done: string) => {
    event.preventDefault()
    if (pending) return
    setPending(true)
    try {
      await work()
      toast.show(done, { tone: 'success' })
      await revalidator.revalidate()
    } catch (error) {
      toast.show(refusalOf(t, error).text, { tone: 'error', duration: 4000 })
    } finally {
      setPending(false)
    }
  }
  const join = (event: MouseEvent) => act(event, () => gateway.call(joinWaitingList, { ticketTypeId: type.id, quantity }), t('waitingList.joined'))
  const leave = (event: MouseEvent) => act(event, () => gateway.call(leaveWaitingList, { ticketTypeId: type.id }), t('waitingList.left'))
  const post = { form: waitingFormId(type.id), name: WAITING_FORM.action } as const

  if (!user) {
    return (
      <div className={styles.waiting}>
        <LoginButton className={ui.secondary} onLoggedIn={() => void revalidator.revalidate()}>
          {t('waitingList.signIn')}
        </LoginButton>
      </div>
    )
  }
  if (entry?.state === 'offered') {
    return (
      <div className={styles.waiting}>
        <p className={ui.muted}>{t('waitingList.offerOpen')}</p>
      </div>
    )
  }
  return (
    <div className={styles.waiting}>
      {entry ? (
        <p className={styles.place} role="status">
          {t('waitingList.place', { place: entry.place, count: entry.quantity })}
        </p>
      ) : null}
      <QuantityStepper
        id={`waiting-${type.id}`}
        name={waitingQuantityField(type.id)}
        form={waitingFormId(type.id)}
        value={quantity}
        min={1}
        max={type.maxPerOrder}
        label={t('waitingList.quantity', { name: type.name })}
        decreaseLabel={t('registration.decrease', { name: type.name })}
        increaseLabel={t('registration.increase', { name: type.name })}
        onChange={setQuantity}
      />
      <button type="submit" {...post} value={`join:${type.id}`} className={ui.primary} onClick={join} aria-disabled={pending || undefined}>
        {entry ? t('waitingList.update') : t('waitingList.join')}
      </button>
      {entry ? (
        <button type="submit" {...post} value={`leave:${type.id}`} className={ui.secondary} onClick={leave} aria-disabled={pending || undefined}>
          {t('waitingList.leave')}
        </button>
      ) : null}
    </div>
  )
}

const waitingFormId = (ticketTypeId: number) => `waiting-form-${ticketTypeId}`

/**
 * One empty form per sold-out row, outside the ticket selection's form (forms do not nest): the row's
 * fields and buttons name theirs with `form=`, so Enter in its number sends that row only and the
 * selection's own default button stays its own. The platform checks the number and answers in the page's
 * language (noValidate: the browser's own bubble would speak the browser's).
 */
export function WaitingForms({ types }: { types: readonly TicketTypeCard[] }) {
  const location = useLocation()
  const search = new URLSearchParams(location.search)
  search.delete(WAITING_FORM.answer)
  const action = `${location.pathname}?${search}`
  return types
    .filter((type) => type.availability === 'soldOut')
    .map((type) => <form key={type.id} id={waitingFormId(type.id)} method="post" action={action} noValidate hidden />)
}

import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoaderData } from 'react-router'
import type { OrderDetail } from '../../api/tickets.ts'
import type { CheckoutScreen } from '../../../shared/checkout-steps.ts'
import { useReloadWhenUserChanges } from '../../components/account-menu/user-store.ts'
import { CheckoutPage, type CheckoutStep, LoginGate } from './checkout-page.tsx'
import { type OrderLoad, type OrderTimes, orderLoader } from './order-loader.ts'
import { OrderMissing } from './order-missing.tsx'

type OrderScreenName = Exclude<CheckoutScreen, 'selection'>

interface Frame {
  /** Keys of the tickets namespace: the heading while logged out, and the tab title. */
  title: string
  meta: string
  step?: CheckoutStep
  /** Why to log in, when it is not the checkout's "log in to buy". */
  gate?: string
  /** The heading when the order is not found, when it is not `title`. */
  missing?: string
}

/** What each order screen shows before its order is there: the step, the headings and the login prompt. */
const FRAMES: Record<OrderScreenName, Frame> = {
  attendees: { title: 'attendees.title', meta: 'meta.infoPage', step: 'attendees' },
  review: { title: 'review.title', meta: 'meta.sureInfo', step: 'review' },
  payment: { title: 'payment.title', meta: 'meta.payment', step: 'payment' },
  paymentCheck: { title: 'unpaid.checkingTitle', meta: 'meta.unpaid', step: 'payment', missing: 'meta.unpaid' },
  success: { title: 'success.title', meta: 'meta.successPage', step: 'done', gate: 'login.orderText' },
  orders: { title: 'orders.title', meta: 'meta.order', gate: 'login.orderText' },
  cancelConfirm: { title: 'cancel.title', meta: 'meta.orderCancel', gate: 'login.orderText' },
  cancelled: { title: 'cancelled.title', meta: 'meta.cancelled', gate: 'login.orderText' },
}

type Shown<Data> = Exclude<Data, { kind: 'login' } | { kind: 'missing' }>

/**
 * The frame of every order screen: a logged-out buyer gets the login prompt, an order that is not
 * theirs (or none) the way to their orders; a login or logout loads the screen again. The screen
 * itself renders only an order it may show (its loader sent any other where it stands).
 */
export function OrderScreen<Data extends { kind: string } = OrderLoad>({
  screen,
  children,
}: {
  screen: OrderScreenName
  children(loaded: Shown<Data>): ReactNode
}) {
  const loaded = useLoaderData() as Data
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  const frame = FRAMES[screen]
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t(frame.title)} metaTitle={t(frame.meta)} step={frame.step}>
        <LoginGate text={frame.gate ? t(frame.gate) : undefined} />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t(frame.missing ?? frame.title)} />
  return children(loaded as Shown<Data>)
}

/**
 * A route module of one order: `export const { loader, Component } = orderScreen('review', Review)`.
 * The body mounts anew for another order (its state belongs to the order it was made for).
 */
export function orderScreen(screen: OrderScreenName, Body: ComponentType<{ order: OrderDetail; times: OrderTimes }>) {
  return {
    loader: orderLoader(screen),
    Component() {
      return <OrderScreen screen={screen}>{({ order, times }) => <Body key={order.number} order={order} times={times} />}</OrderScreen>
    },
  }
}

import { type FormEvent, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useRevalidator } from 'react-router'
import { discountFor, MAX_TICKETS_PER_ORDER } from '../../../../shared/rules/tickets.ts'
import { changeTickets, createOrder } from '../../../api/tickets.ts'
import { useGateway, useSite } from '../../../app-state.ts'
import { useToast } from '../../../components/toast/toast.tsx'
import { orderPath } from '../../../../shared/checkout-steps.ts'
import { type Attempt, attemptFor } from '../../../lib/idempotency-key.ts'
import { fieldText, refusalOf } from '../refusal.ts'
import type { HeldOffer, ReadySelection } from './loader.ts'
import { useCoupon } from './use-coupon.ts'

/**
 * The ticket selection's state: quantities per type, the coupon, the total, and the order made (or
 * changed) when the buyer continues. A refusal is shown at the total and as a toast; availability
 * or the exhibition's state that changed meanwhile (409, 410) is loaded again.
 */
export function useSelection({ catalogue, mode, offer }: Pick<ReadySelection, 'catalogue' | 'mode'> & { offer: HeldOffer | null }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const toast = useToast()
  const { exhibition, types } = catalogue
  const coupon = useCoupon(exhibition.id, mode)
  const starting = mode.kind === 'new' ? null : mode.order
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      types.map((type) => [
        type.id,
        // A waiting-list offer opens with the seats held for the visitor chosen.
        type.id === offer?.ticketTypeId ? offer.quantity : (starting?.lines.find((line) => line.ticketTypeId === type.id)?.quantity ?? 0),
      ]),
    ),
  )
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const attempt = useRef<Attempt | null>(null)
  const errorBox = useRef<HTMLParagraphElement>(null)

  const total = Object.values(quantities).reduce((sum, quantity) => sum + quantity, 0)
  const lines = useMemo(
    () =>
      types
        .filter((type) => (quantities[type.id] ?? 0) > 0)
        .map((type) => ({ ticketTypeId: type.id, quantity: quantities[type.id] ?? 0, unitPriceMinor: type.priceMinor, name: type.name })),
    [types, quantities],
  )
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
  const discount = coupon.applied ? discountFor(coupon.applied, lines) : 0

  const showError = (text: string) => {
    setFormError(text)
    toast.show(text, { tone: 'error', duration: 4000 })
    requestAnimationFrame(() => errorBox.current?.focus())
  }

  const setQuantity = (ticketTypeId: number, value: number) => {
    setFormError(null)
    setQuantities((current) => ({ ...current, [ticketTypeId]: value }))
  }

  const send = (payloadLines: Array<{ ticketTypeId: number; quantity: number }>, couponCode: string, idempotencyKey: string) =>
    mode.kind === 'change'
      ? gateway.call(changeTickets, { orderNumber: mode.order.number, lines: payloadLines, couponCode })
      : gateway.call(createOrder, {
          exhibitionId: exhibition.id,
          lines: payloadLines,
          couponCode,
          idempotencyKey,
          ...(mode.kind === 'reRegister' ? { fromOrder: mode.order.number } : {}),
          ...(offer ? { waitingOffer: offer.token } : {}),
        })

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (pending) return
    setFormError(null)
    if (total === 0) return showError(t('messages.noTickets'))
    if (total > MAX_TICKETS_PER_ORDER) return showError(t('messages.ticketLimit'))
    const payloadLines = lines.map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity }))
    const couponCode = coupon.applied?.code ?? ''
    attempt.current = attemptFor(attempt.current, [payloadLines, couponCode])
    setPending(true)
    try {
      const order = await send(payloadLines, couponCode, attempt.current.key)
      navigate(orderPath(site.lang, order))
    } catch (error) {
      const refusal = refusalOf(t, error)
      if (refusal.fields.couponCode) coupon.refuse(fieldText(t, refusal.fields.couponCode))
      const field = refusal.fields.lines ?? refusal.fields['lines.0.quantity']
      showError(field ? fieldText(t, field, refusal.params) : refusal.text)
      if (refusal.status === 409 || refusal.status === 410) void revalidator.revalidate()
    } finally {
      setPending(false)
    }
  }

  // Logging in before choosing is not an attempt to continue: nothing to refuse yet.
  const continueAfterLogin = () => {
    if (total > 0) void submit()
  }

  return {
    coupon,
    quantities,
    setQuantity,
    lines,
    total,
    subtotal,
    discount,
    currency: types[0]?.currency ?? 'USD',
    buyable: Boolean(catalogue.onSale && exhibition && catalogue.state !== 'ended'),
    formError,
    errorBox,
    pending,
    submit,
    continueAfterLogin,
  }
}

export type Selection = ReturnType<typeof useSelection>

import { type FormEvent, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, redirect, useLoaderData, useNavigate, useRevalidator } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import {
  changeTickets,
  checkCoupon,
  type CouponPreview,
  createOrder,
  discountFor,
  getOrder,
  MAX_TICKETS_PER_ORDER,
  type OrderDetail,
  orderPath,
  type TicketTypesResult,
  ticketTypes,
} from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { currentUser, useCurrentUser } from '../../components/account-menu/user-store.ts'
import { LoginButton } from '../../components/login-frame/login-button.tsx'
import { formatMoney } from '../../components/money/format.ts'
import { OrderSummary } from '../../components/money/order-summary.tsx'
import { CheckoutPage, checkoutStyles as ui, keepNumber } from '../../components/ticket-stepper/checkout-page.tsx'
import { fieldText, refusalOf } from '../../components/ticket-stepper/errors.ts'
import { QuantityStepper } from '../../components/ticket-stepper/quantity-stepper.tsx'
import { useToast } from '../../components/toast/toast.tsx'
import { loaderContextOf } from '../route-kit.ts'
import styles from './registration.module.css'
import { dateFormat, numberFormat } from '../../i18n/intl.ts'

type Mode = { kind: 'new' } | { kind: 'change'; order: OrderDetail } | { kind: 'reRegister'; order: OrderDetail }

type RegistrationData = { kind: 'noExhibition' } | { kind: 'ready'; catalogue: TicketTypesResult; dates: string; salesOpen: string | null; mode: Mode }

function formatRange(locale: string, startsAt: string, endsAt: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' }
  try {
    return dateFormat(locale, { ...options, timeZone }).formatRange(new Date(startsAt), new Date(endsAt))
  } catch {
    return dateFormat(locale, { ...options, timeZone: 'UTC' }).formatRange(new Date(startsAt), new Date(endsAt))
  }
}

/**
 * The exhibition's ticket types, and for a logged-in buyer the order being changed (`?order=`) or the
 * cancelled order being re-registered (`?from=`). Dates are formatted here so server and browser agree.
 */
export async function loader(args: LoaderFunctionArgs): Promise<RegistrationData> {
  const { gateway, site } = loaderContextOf(args)
  const search = new URL(args.request.url).searchParams
  const exhibitionId = Number(search.get('exhibitionId'))
  if (!Number.isInteger(exhibitionId) || exhibitionId <= 0) return { kind: 'noExhibition' }
  let catalogue: TicketTypesResult
  try {
    catalogue = await gateway.call(ticketTypes, { exhibitionId }, { signal: args.request.signal })
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) throw data(null, { status: 404 })
    throw error
  }
  let mode: Mode = { kind: 'new' }
  const number = search.get('order') ?? search.get('from')
  if (number && currentUser(site)) {
    try {
      const order = await gateway.call(getOrder, { orderNumber: number }, { signal: args.request.signal })
      if (search.get('order')) {
        // Only a pending order can change its tickets; any other goes where it stands.
        if (!['attendees', 'review', 'payment'].includes(order.nextStep)) throw redirect(orderPath(site.lang, order))
        mode = { kind: 'change', order }
      } else if (order.status === 'cancelled') mode = { kind: 'reRegister', order }
    } catch (error) {
      if (error instanceof Response) throw error
      if (!(error instanceof GatewayError) || error.errorCode >= 500) throw error
    }
  }
  const { exhibition } = catalogue
  return {
    kind: 'ready',
    catalogue,
    mode,
    dates: formatRange(site.htmlLang, exhibition.startsAt, exhibition.endsAt, exhibition.timeZone),
    salesOpen: catalogue.salesOpenAt
      ? dateFormat(site.htmlLang, { dateStyle: 'long', timeZone: exhibition.timeZone }).format(new Date(catalogue.salesOpenAt))
      : null,
  }
}

/** A random UUID v4 for the idempotency key, also where crypto.randomUUID is missing (plain http). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Ticket selection (SPEC §2): each type with its price and a coarse availability, quantity steppers
 * (five tickets per order at most), an automatic total and a coupon code. The order is made only
 * when the buyer continues, by then logged in; it holds the seats and the coupon.
 */
export function Component() {
  const loaded = useLoaderData() as RegistrationData
  const { t } = useTranslation('tickets')
  const site = useSite()
  if (loaded.kind === 'noExhibition') {
    return (
      <CheckoutPage title={t('registration.title')} metaTitle={t('meta.registration')} step="tickets">
        <section className={ui.card} aria-labelledby="registration-empty">
          <h2 id="registration-empty" className={ui.cardTitle}>
            {t('registration.noExhibition')}
          </h2>
          <div className={ui.actions}>
            <Link className={ui.primary} to={`/${site.lang}/brandExhibition.html`}>
              {t('registration.browse')}
            </Link>
          </div>
        </section>
      </CheckoutPage>
    )
  }
  return <Selection {...loaded} />
}

function Selection({ catalogue, dates, salesOpen, mode }: Extract<RegistrationData, { kind: 'ready' }>) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const toast = useToast()
  const user = useCurrentUser()
  const ids = { limit: useId(), coupon: useId(), couponError: useId(), formError: useId(), summary: useId() }
  const starting = mode.kind === 'new' ? null : mode.order
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(catalogue.types.map((type) => [type.id, starting?.lines.find((line) => line.ticketTypeId === type.id)?.quantity ?? 0])),
  )
  const [coupon, setCoupon] = useState<CouponPreview | null>(mode.kind === 'change' ? mode.order.coupon : null)
  const [couponInput, setCouponInput] = useState(mode.kind === 'reRegister' ? (mode.order.couponCode ?? '') : '')
  const [couponOpen, setCouponOpen] = useState(Boolean(coupon || couponInput))
  const [couponError, setCouponError] = useState<string | null>(null)
  const [checkingCoupon, setCheckingCoupon] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const attempt = useRef<{ key: string; answers: string } | null>(null)
  const couponField = useRef<HTMLInputElement>(null)
  const appliedRef = useRef<HTMLParagraphElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const errorBox = useRef<HTMLParagraphElement>(null)

  const { exhibition, types } = catalogue
  const currency = types[0]?.currency ?? 'USD'
  const total = Object.values(quantities).reduce((sum, quantity) => sum + quantity, 0)
  const lines = useMemo(
    () =>
      types
        .filter((type) => (quantities[type.id] ?? 0) > 0)
        .map((type) => ({ ticketTypeId: type.id, quantity: quantities[type.id] ?? 0, unitPriceMinor: type.priceMinor, name: type.name })),
    [types, quantities],
  )
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
  const discount = coupon ? discountFor(coupon, lines) : 0
  const buyable = catalogue.onSale && exhibition && catalogue.state !== 'ended'

  const showError = (text: string) => {
    setFormError(text)
    toast.show(text, { tone: 'error', duration: 4000 })
    requestAnimationFrame(() => errorBox.current?.focus())
  }

  const applyCoupon = async () => {
    const code = couponInput.trim()
    if (!code) {
      setCouponError(t('messages.couponEmpty'))
      couponField.current?.focus()
      return
    }
    setCheckingCoupon(true)
    setCouponError(null)
    try {
      const preview = await gateway.call(checkCoupon, { exhibitionId: exhibition.id, code })
      setCoupon(preview)
      setCouponInput('')
      toast.show(t('coupon.applied', { code: preview.code }), { tone: 'success' })
      // The field is gone: the focus goes to what replaced it.
      requestAnimationFrame(() => appliedRef.current?.focus())
    } catch (error) {
      const refusal = refusalOf(t, error)
      setCouponError(
        refusal.fields.couponCode ? fieldText(t, refusal.fields.couponCode) : refusal.fields.code ? fieldText(t, refusal.fields.code) : refusal.text,
      )
      couponField.current?.focus()
    } finally {
      setCheckingCoupon(false)
    }
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (pending) return
    setFormError(null)
    if (total === 0) return showError(t('messages.noTickets'))
    if (total > MAX_TICKETS_PER_ORDER) return showError(t('messages.ticketLimit'))
    const payloadLines = lines.map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity }))
    const couponCode = coupon?.code ?? ''
    const answers = JSON.stringify([payloadLines, couponCode])
    if (attempt.current?.answers !== answers) attempt.current = { key: newKey(), answers }
    setPending(true)
    try {
      const order =
        mode.kind === 'change'
          ? await gateway.call(changeTickets, { orderNumber: mode.order.number, lines: payloadLines, couponCode })
          : await gateway.call(createOrder, {
              exhibitionId: exhibition.id,
              lines: payloadLines,
              couponCode,
              idempotencyKey: attempt.current.key,
              ...(mode.kind === 'reRegister' ? { fromOrder: mode.order.number } : {}),
            })
      navigate(orderPath(site.lang, order))
    } catch (error) {
      const refusal = refusalOf(t, error)
      if (refusal.fields.couponCode) {
        setCoupon(null)
        setCouponOpen(true)
        setCouponError(fieldText(t, refusal.fields.couponCode))
      }
      const field = refusal.fields.lines ?? refusal.fields['lines.0.quantity']
      showError(field ? fieldText(t, field, refusal.params) : refusal.text)
      // Availability or the exhibition's state may have changed: show it as it is now.
      if (refusal.status === 409 || refusal.status === 410) void revalidator.revalidate()
    } finally {
      setPending(false)
    }
  }

  const availabilityNote = (availability: string) => (
    <span className={`${styles.availability} ${styles[availability]}`}>{t(`registration.availability.${availability}`)}</span>
  )

  const lead = (
    <p>
      <span className={styles.exhibitionTitle}>{exhibition.title}</span>
      <span className={styles.exhibitionMeta}>
        {' · '}
        {exhibition.city} · {dates}
      </span>
    </p>
  )

  // Nothing can be bought: no total, no coupon, no login; the way to other exhibitions instead.
  const closedNote = (
    <section className={ui.card} aria-labelledby="registration-closed">
      <h2 id="registration-closed" className={ui.cardTitle}>
        {catalogue.state === 'ended'
          ? t('messages.eventOver')
          : salesOpen
            ? t('registration.notOnSale', { date: salesOpen })
            : t('registration.notOnSaleUnknown')}
      </h2>
      <Link className={ui.primary} to={`/${site.lang}/brandExhibition.html`}>
        {t('registration.browse')}
      </Link>
    </section>
  )

  const summary = (
    <OrderSummary
      headingId={ids.summary}
      lines={lines.map((line) => ({ key: line.ticketTypeId, name: line.name, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }))}
      currency={currency}
      subtotalMinor={subtotal}
      discountMinor={discount}
      totalMinor={subtotal - discount}
      couponCode={coupon?.code ?? null}
      live
    >
      <p className={styles.count}>
        {t('registration.selected', { count: total })}
        {' · '}
        {total >= MAX_TICKETS_PER_ORDER ? (
          <strong id={ids.limit} role="status">
            {t('messages.ticketLimit')}
          </strong>
        ) : (
          <span id={ids.limit}>{t('registration.limit')}</span>
        )}
      </p>
      {formError ? (
        <p id={ids.formError} ref={errorBox} tabIndex={-1} className={`${ui.notice} ${ui.noticeError}`} role="alert">
          {formError}
        </p>
      ) : null}
      {user ? (
        <button
          type="submit"
          form="ticket-selection"
          className={`${ui.primary} ${ui.wide}`}
          aria-disabled={pending || !buyable ? true : undefined}
          aria-describedby={formError ? ids.formError : undefined}
          disabled={!buyable}
        >
          {pending ? <span className={ui.spinner} aria-hidden="true" /> : null}
          {mode.kind === 'change' ? t('registration.update') : t('registration.next')}
        </button>
      ) : (
        <div className={styles.loginBox}>
          <p className={ui.muted}>{t('login.text')}</p>
          <LoginButton className={`${ui.primary} ${ui.wide}`} onLoggedIn={() => void submit()}>
            {t('login.title')}
          </LoginButton>
        </div>
      )}
    </OrderSummary>
  )

  return (
    <CheckoutPage
      title={t('registration.title')}
      metaTitle={`${t('meta.registration')} · ${exhibition.title}`}
      step="tickets"
      lead={lead}
      aside={buyable ? summary : closedNote}
    >
      {mode.kind === 'change' ? <p className={ui.notice}>{keepNumber(t('registration.changing', { number: mode.order.number }), mode.order.number)}</p> : null}
      {mode.kind === 'reRegister' ? (
        <p className={ui.notice}>{keepNumber(t('registration.reRegistering', { number: mode.order.number }), mode.order.number)}</p>
      ) : null}
      {catalogue.state === 'ended' ? (
        <p className={`${ui.notice} ${ui.noticeError}`} role="status">
          {t('messages.eventOver')}
        </p>
      ) : !catalogue.onSale ? (
        <p className={`${ui.notice} ${ui.noticeWarn}`} role="status">
          {salesOpen ? t('registration.notOnSale', { date: salesOpen }) : t('registration.notOnSaleUnknown')}
        </p>
      ) : null}
      <form id="ticket-selection" className={styles.form} onSubmit={submit} noValidate>
        {types.length === 0 ? <p className={ui.muted}>{t('registration.noTypes')}</p> : null}
        <ul className={styles.types}>
          {types.map((type) => {
            const quantity = quantities[type.id] ?? 0
            const room = Math.min(type.maxPerOrder, quantity + (MAX_TICKETS_PER_ORDER - total))
            const closed = !buyable || type.availability === 'soldOut' || type.availability === 'notYet' || type.availability === 'ended'
            const nameId = `type-${type.id}-name`
            return (
              <li key={type.id} className={`${styles.type} ${quantity > 0 ? styles.chosen : ''}`}>
                <div className={styles.typeText}>
                  <h2 id={nameId} className={styles.typeName}>
                    {type.name}
                  </h2>
                  <p className={styles.description}>{type.description}</p>
                  <p className={styles.typeMeta}>
                    {availabilityNote(type.availability)}
                    <span className={styles.perOrder}>{t('registration.maxPerOrder', { count: type.maxPerOrder })}</span>
                  </p>
                </div>
                <div className={styles.buy}>
                  <p className={styles.price}>{type.priceMinor === 0 ? t('registration.free') : formatMoney(type.priceMinor, type.currency, site.htmlLang)}</p>
                  <QuantityStepper
                    id={`quantity-${type.id}`}
                    value={quantity}
                    max={Math.max(quantity, closed ? quantity : room)}
                    label={t('registration.quantity', { name: type.name })}
                    decreaseLabel={t('registration.decrease', { name: type.name })}
                    increaseLabel={t('registration.increase', { name: type.name })}
                    disabled={closed && quantity === 0}
                    describedBy={ids.limit}
                    onChange={(value) => {
                      setFormError(null)
                      setQuantities((current) => ({ ...current, [type.id]: value }))
                    }}
                  />
                </div>
              </li>
            )
          })}
        </ul>
        {buyable ? (
          <div className={styles.coupon}>
            {coupon ? (
              <p className={styles.couponApplied} ref={appliedRef} tabIndex={-1}>
                <span>
                  {t('coupon.applied', { code: coupon.code })}
                  {' · '}
                  {coupon.kind === 'percent'
                    ? t('coupon.percent', { percent: numberFormat(site.htmlLang, { style: 'percent' }).format((coupon.percentOff ?? 0) / 100) })
                    : coupon.kind === 'fixed'
                      ? t('coupon.fixed', { amount: formatMoney(coupon.amountOffMinor ?? 0, coupon.currency ?? currency, site.htmlLang) })
                      : t('coupon.freeTicket')}
                </span>
                <button
                  type="button"
                  className={styles.removeCoupon}
                  onClick={() => {
                    setCoupon(null)
                    requestAnimationFrame(() => toggleRef.current?.focus())
                  }}
                >
                  {t('coupon.remove', { code: coupon.code })}
                </button>
              </p>
            ) : (
              <>
                <button
                  ref={toggleRef}
                  type="button"
                  className={styles.couponToggle}
                  aria-expanded={couponOpen}
                  aria-controls={ids.coupon}
                  onClick={() => setCouponOpen((open) => !open)}
                >
                  {t('coupon.toggle')}
                </button>
                <div id={ids.coupon} className={styles.couponBody} hidden={!couponOpen}>
                  <label className={ui.label} htmlFor="coupon-code">
                    {t('coupon.label')}
                  </label>
                  <div className={styles.couponRow}>
                    <input
                      ref={couponField}
                      id="coupon-code"
                      className={ui.input}
                      value={couponInput}
                      maxLength={40}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      aria-invalid={couponError ? true : undefined}
                      aria-describedby={couponError ? ids.couponError : undefined}
                      onChange={(event) => {
                        setCouponInput(event.target.value)
                        setCouponError(null)
                      }}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') {
                          event.preventDefault()
                          void applyCoupon()
                        }
                      }}
                    />
                    <button type="button" className={ui.secondary} onClick={() => void applyCoupon()} aria-disabled={checkingCoupon ? true : undefined}>
                      {checkingCoupon ? t('coupon.applying') : t('coupon.apply')}
                    </button>
                  </div>
                  {couponError ? (
                    <p id={ids.couponError} className={ui.error}>
                      {couponError}
                    </p>
                  ) : null}
                </div>
              </>
            )}
          </div>
        ) : null}
      </form>
    </CheckoutPage>
  )
}

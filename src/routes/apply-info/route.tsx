import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useRevalidator } from 'react-router'
import {
  ATTENDEE_LIMITS,
  type AttendeeDraft,
  attendList,
  changePath,
  IDENTITIES,
  INDUSTRIES,
  type OrderDetail,
  orderPath,
  saveAttendees,
} from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { CountdownTimer } from '../../components/countdown-timer/countdown-timer.tsx'
import { OrderSummary } from '../../components/money/order-summary.tsx'
import { PhoneField } from '../../components/phone-field/phone-field.tsx'
import { CheckoutPage, LoginGate, checkoutStyles as ui, useReloadWhenUserChanges } from '../../components/ticket-stepper/checkout-page.tsx'
import { fieldText, refusalOf } from '../../components/ticket-stepper/errors.ts'
import { loadOrder, type OrderLoad } from '../../components/ticket-stepper/order-loader.ts'
import { OrderMissing } from '../../components/ticket-stepper/order-missing.tsx'
import { useToast } from '../../components/toast/toast.tsx'
import { useVisitorCountry } from '../../lib/visitor-country.ts'
import styles from './info.module.css'
import { type Errors, FIELDS, type Field, validateAttendees } from './validate.ts'

export const loader = (args: LoaderFunctionArgs) => loadOrder(args, 'infoPage')

const fieldId = (index: number, field: Field) => `attendee-${index + 1}-${field}`

/**
 * Attendee information (SPEC §2, §3): one form per ticket, starting from the order's saved
 * attendees or from SPEC §3's attendList placeholders. What is typed is kept in this tab's session
 * storage until saved, so a reload loses nothing.
 */
export function Component() {
  const loaded = useLoaderData() as OrderLoad
  const { t } = useTranslation('tickets')
  useReloadWhenUserChanges()
  if (loaded.kind === 'login')
    return (
      <CheckoutPage title={t('attendees.title')} metaTitle={t('meta.infoPage')} step="attendees">
        <LoginGate />
      </CheckoutPage>
    )
  if (loaded.kind === 'missing') return <OrderMissing title={t('attendees.title')} />
  return <AttendeeForms key={loaded.order.number} order={loaded.order} />
}

function initialDrafts(order: OrderDetail, country: string): AttendeeDraft[] {
  const placeholders = attendList(country).slice(0, order.ticketCount)
  return placeholders.map((placeholder, index) => {
    const saved = order.attendees.find((attendee) => attendee.position === index + 1)
    if (saved) {
      return {
        firstName: saved.firstName,
        lastName: saved.lastName,
        email: saved.email,
        phone: { country: saved.phone.country, number: saved.phone.number },
        identity: saved.identity,
        industry: saved.industry,
      }
    }
    // The buyer is most often the first attendee.
    return index === 0 && order.attendees.length === 0 ? { ...placeholder, email: order.buyerEmail } : placeholder
  })
}

function AttendeeForms({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const gateway = useGateway()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const toast = useToast()
  const country = useVisitorCountry()
  const storageKey = `tickets:attendees:${order.number}`
  const [drafts, setDrafts] = useState(() => initialDrafts(order, country))
  const [errors, setErrors] = useState<Errors>({})
  const [checked, setChecked] = useState(false)
  const [pending, setPending] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [focusRequest, setFocusRequest] = useState(0)
  const touchedPhones = useRef(new Set<number>())
  const summaryId = useId()
  const problemsRef = useRef<HTMLParagraphElement>(null)

  // A reload in the middle keeps what was typed (this tab only; cleared once saved).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order
  useEffect(() => {
    try {
      const stored = sessionStorage.getItem(storageKey)
      if (stored) {
        const parsed = JSON.parse(stored) as AttendeeDraft[]
        if (Array.isArray(parsed)) setDrafts((current) => current.map((draft, index) => ({ ...draft, ...(parsed[index] ?? {}) })))
      }
    } catch {
      // Storage unavailable (private mode): nothing to restore.
    }
  }, [])

  // Phone fields follow the visitor's country once known, unless chosen or typed already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the visitor's country becomes known
  useEffect(() => {
    setDrafts((current) =>
      current.map((draft, index) =>
        touchedPhones.current.has(index) || draft.phone.number || order.attendees[index] ? draft : { ...draft, phone: { ...draft.phone, country } },
      ),
    )
  }, [country])

  useEffect(() => {
    if (!checked) return
    let current = true
    validateAttendees(drafts).then((next) => {
      if (current) setErrors(next)
    })
    return () => {
      current = false
    }
  }, [drafts, checked])

  // After a refused submit, the first field with a problem gets the focus (WCAG 3.3.1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a submit asks for it
  useEffect(() => {
    if (!focusRequest) return
    for (const [index] of drafts.entries()) {
      for (const field of FIELDS) {
        if (errors[`${index}.${field}`]) {
          document.getElementById(fieldId(index, field))?.focus()
          return
        }
      }
    }
    problemsRef.current?.focus()
  }, [focusRequest])

  const update = (index: number, patch: Partial<AttendeeDraft>) => {
    setFormError(null)
    setDrafts((current) => {
      const next = current.map((draft, position) => (position === index ? { ...draft, ...patch } : draft))
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(next))
      } catch {
        // Storage full or unavailable: the form still works.
      }
      return next
    })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    setChecked(true)
    const found = await validateAttendees(drafts)
    setErrors(found)
    if (Object.keys(found).length) {
      setFocusRequest((value) => value + 1)
      return
    }
    setPending(true)
    setFormError(null)
    try {
      const saved = await gateway.call(saveAttendees, {
        orderNumber: order.number,
        attendees: drafts.map((draft) => ({
          firstName: draft.firstName,
          lastName: draft.lastName,
          email: draft.email,
          phone: draft.phone,
          identity: draft.identity as (typeof IDENTITIES)[number],
          industry: draft.industry as (typeof INDUSTRIES)[number],
        })),
      })
      try {
        sessionStorage.removeItem(storageKey)
      } catch {
        // Nothing stored.
      }
      navigate(orderPath(site.lang, saved))
    } catch (error) {
      const refusal = refusalOf(t, error)
      const fromServer: Errors = {}
      for (const [path, key] of Object.entries(refusal.fields)) {
        const match = /^attendees\.(\d+)\.(\w+)/.exec(path)
        if (match) fromServer[`${match[1]}.${match[2]}`] = key
      }
      if (Object.keys(fromServer).length) {
        setErrors(fromServer)
        setFocusRequest((value) => value + 1)
      } else {
        setFormError(refusal.fields.attendees ? fieldText(t, refusal.fields.attendees) : refusal.text)
        toast.show(refusal.text, { tone: 'error', duration: 4000 })
        if (refusal.status === 410 || refusal.status === 409) void revalidator.revalidate()
      }
    } finally {
      setPending(false)
    }
  }

  const problemCount = Object.keys(errors).length
  const errorOf = (index: number, field: Field) => {
    const key = errors[`${index}.${field}`]
    return key ? fieldText(t, key) : undefined
  }
  const positions = order.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.name))

  const aside = (
    <>
      <OrderSummary
        headingId={summaryId}
        lines={order.lines.map((line) => ({ key: line.ticketTypeId, name: line.name, quantity: line.quantity, unitPriceMinor: line.unitPriceMinor }))}
        currency={order.currency}
        subtotalMinor={order.subtotalMinor}
        discountMinor={order.discountMinor}
        totalMinor={order.totalMinor}
        couponCode={order.couponCode}
      >
        <Link className={ui.linkButton} to={changePath(site.lang, order)}>
          {t('attendees.back')}
        </Link>
      </OrderSummary>
    </>
  )

  return (
    <CheckoutPage title={t('attendees.title')} metaTitle={t('meta.infoPage')} step="attendees" lead={<p>{t('attendees.intro')}</p>} aside={aside}>
      <CountdownTimer
        compact
        deadline={order.expiresAt}
        serverNow={order.serverNow}
        label={t('payment.deadline')}
        expiredText={t('payment.expired')}
        announce={(minutes) => t('payment.minutesLeft', { count: minutes })}
        onExpired={() => void revalidator.revalidate()}
      />
      <form className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.required}>{t('attendees.required')}</p>
        {checked && problemCount > 0 ? (
          <p ref={problemsRef} tabIndex={-1} className={`${ui.notice} ${ui.noticeError}`} role="alert">
            {t('attendees.problems', { count: problemCount })}
          </p>
        ) : null}
        {drafts.map((draft, index) => (
          <fieldset key={fieldId(index, 'firstName')} className={styles.attendee}>
            <legend className={styles.legend}>
              <span className={styles.position}>{t('attendees.legend', { position: index + 1 })}</span>
              <span className={styles.ticketName}>{t('attendees.ticket', { name: positions[index] ?? '' })}</span>
            </legend>
            <div className={styles.grid}>
              <TextField
                id={fieldId(index, 'firstName')}
                label={t('attendees.firstName')}
                value={draft.firstName}
                placeholder={t('attendees.placeholder', { position: index + 1 })}
                autoComplete={index === 0 ? 'given-name' : 'off'}
                maxLength={ATTENDEE_LIMITS.firstName + 20}
                error={errorOf(index, 'firstName')}
                onChange={(value) => update(index, { firstName: value })}
              />
              <TextField
                id={fieldId(index, 'lastName')}
                label={t('attendees.lastName')}
                value={draft.lastName}
                autoComplete={index === 0 ? 'family-name' : 'off'}
                maxLength={ATTENDEE_LIMITS.lastName + 20}
                error={errorOf(index, 'lastName')}
                onChange={(value) => update(index, { lastName: value })}
              />
              <TextField
                id={fieldId(index, 'email')}
                label={t('attendees.email')}
                type="email"
                value={draft.email}
                autoComplete={index === 0 ? 'email' : 'off'}
                maxLength={ATTENDEE_LIMITS.email}
                error={errorOf(index, 'email')}
                onChange={(value) => update(index, { email: value })}
              />
              <PhoneField
                id={fieldId(index, 'phone')}
                name={`attendee-${index + 1}-phone`}
                label={t('attendees.phone')}
                required
                value={draft.phone}
                error={errorOf(index, 'phone')}
                onChange={(value) => {
                  touchedPhones.current.add(index)
                  update(index, { phone: value })
                }}
              />
              <SelectField
                id={fieldId(index, 'identity')}
                label={t('attendees.identity')}
                placeholder={t('attendees.identityPlaceholder')}
                value={draft.identity}
                options={IDENTITIES.map((value) => ({ value, label: t(`identity.${value}`) }))}
                error={errorOf(index, 'identity')}
                onChange={(value) => update(index, { identity: value })}
              />
              <SelectField
                id={fieldId(index, 'industry')}
                label={t('attendees.industry')}
                placeholder={t('attendees.industryPlaceholder')}
                value={draft.industry}
                options={INDUSTRIES.map((value) => ({ value, label: t(`industry.${value}`) }))}
                error={errorOf(index, 'industry')}
                onChange={(value) => update(index, { industry: value })}
              />
            </div>
          </fieldset>
        ))}
        {formError ? (
          <p className={`${ui.notice} ${ui.noticeError}`} role="alert">
            {formError}
          </p>
        ) : null}
        <div className={ui.actions}>
          <button type="submit" className={ui.primary} aria-disabled={pending ? true : undefined}>
            {pending ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {pending ? t('attendees.saving') : t('attendees.next')}
          </button>
        </div>
      </form>
    </CheckoutPage>
  )
}

interface TextFieldProps {
  id: string
  label: string
  value: string
  error: string | undefined
  onChange(value: string): void
  type?: 'text' | 'email'
  placeholder?: string
  autoComplete?: string
  maxLength?: number
}

function TextField({ id, label, value, error, onChange, type = 'text', placeholder, autoComplete, maxLength }: TextFieldProps) {
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
        <span className={ui.required} aria-hidden="true">
          {' *'}
        </span>
      </label>
      <input
        id={id}
        className={ui.input}
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

interface SelectFieldProps {
  id: string
  label: string
  placeholder: string
  value: string
  options: Array<{ value: string; label: string }>
  error: string | undefined
  onChange(value: string): void
}

function SelectField({ id, label, placeholder, value, options, error, onChange }: SelectFieldProps) {
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
        <span className={ui.required} aria-hidden="true">
          {' *'}
        </span>
      </label>
      <select
        id={id}
        className={ui.select}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

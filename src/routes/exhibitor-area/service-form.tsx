import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ChecklistView, exhibitorChecklist, orderExhibitorForm } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { checkoutPath } from '../../../shared/checkout-steps.ts'
import { formTotal } from '../../../shared/rules/exhibitor-tasks.ts'
import { formatMoney } from '../../../shared/rules/money.ts'
import type { Country } from './area-load.ts'
import { CompanyFields } from './company-fields.tsx'
import styles from './exhibitor-area.module.css'
import { useAreaAction } from './messages.ts'

type Form = NonNullable<ChecklistView['tasks'][number]['form']>

/** A quantity as typed: a whole number of 0 or more, else null (the field says so). */
const quantityOf = (typed: string) => (/^\d{1,3}$/.test(typed.trim()) ? Number(typed.trim()) : null)

/**
 * A priced form of the organiser's (docs/product.md#exhibitor-forms): its items with their prices, a
 * quantity for each, the total as money and the company the invoice is made out to; ordering opens an
 * order of kind services that the admin pays on the orders' payment screen. Loaded only when the
 * checklist has a form, so the area's first JavaScript stays within budget.
 */
export function ServiceForm({
  exhibitorId,
  taskId,
  form,
  admin,
  countries,
  onChecklist,
}: {
  exhibitorId: number
  taskId: number
  form: Form
  admin: boolean
  countries: Country[]
  onChecklist(checklist: ChecklistView): void
}) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const gateway = useGateway()
  const id = useId()
  const [typed, setTyped] = useState<Record<number, string>>({})
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  const { busy, problem, notice, setNotice, run } = useAreaAction()
  const money = (minor: number) => formatMoney(minor, form.currency, site.htmlLang)
  const lines = form.items.map((item) => ({ item, quantity: quantityOf(typed[item.id] ?? '0') }))
  const wrong = (quantity: number | null, max: number) => quantity === null || quantity > max
  const total = formTotal(lines.map((line) => ({ quantity: line.quantity ?? 0, unitPriceMinor: line.item.unitPriceMinor })))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (lines.some((line) => wrong(line.quantity, line.item.maxQuantity))) return
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '')
    void run(async () => {
      try {
        await gateway.call(orderExhibitorForm, {
          exhibitorId,
          taskId,
          lines: lines.map((line) => ({ itemId: line.item.id, quantity: line.quantity ?? 0, unitPriceMinor: line.item.unitPriceMinor })),
          invoice: { companyName: text('companyName'), address: text('address'), country: text('country'), taxId: text('taxId') },
          idempotencyKey,
        })
        setNotice(t('forms.ordered'))
      } catch (error) {
        // The organiser changed the form meanwhile: show it as it is now, with the message.
        if (error instanceof GatewayError && error.errorCode === 409) onChecklist(await gateway.call(exhibitorChecklist, { exhibitorId }))
        throw error
      } finally {
        setIdempotencyKey(crypto.randomUUID())
      }
      onChecklist(await gateway.call(exhibitorChecklist, { exhibitorId }))
    })
  }

  const status = (
    <>
      <p className={styles.muted} role="status">
        {notice}
      </p>
      {problem ? (
        <p className={styles.muted} role="alert">
          {problem}
        </p>
      ) : null}
    </>
  )

  if (form.order) {
    const paid = form.order.status === 'paid'
    return (
      <div>
        <p className={styles.muted}>{t(paid ? 'forms.paid' : 'forms.pending', { number: form.order.number })}</p>
        <p className={styles.boothActions}>
          {paid ? null : (
            <a className={styles.primary} href={checkoutPath(site.lang, 'payment', { order: form.order.number })}>
              {t('forms.pay')}
            </a>
          )}
          <a className={styles.secondary} href={checkoutPath(site.lang, 'orders', { order: form.order.number })}>
            {t('forms.viewOrder')}
          </a>
        </p>
        {status}
      </div>
    )
  }

  const priceOf = (item: Form['items'][number]) =>
    item.unit ? t('forms.eachUnit', { price: money(item.unitPriceMinor), unit: item.unit }) : t('forms.each', { price: money(item.unitPriceMinor) })

  if (!admin) {
    return (
      <div>
        <ul>
          {form.items.map((item) => (
            <li key={item.id}>
              {item.label} · {priceOf(item)}
            </li>
          ))}
        </ul>
        <p className={styles.muted}>{t('forms.adminsOrder')}</p>
      </div>
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-items`}>
      <fieldset className={styles.fieldset}>
        <legend id={`${id}-items`} className={styles.legend}>
          {t('forms.items')}
        </legend>
        <div className={styles.grid}>
          {lines.map(({ item, quantity }) => (
            <label key={item.id} className={styles.field}>
              <span className={styles.label}>{t('forms.quantity', { item: item.label })}</span>
              <span className={styles.hint} id={`${id}-${item.id}-hint`}>
                {priceOf(item)} · {t('forms.max', { count: item.maxQuantity })}
              </span>
              <input
                className={styles.input}
                name={`item-${item.id}`}
                inputMode="numeric"
                type="number"
                min={0}
                max={item.maxQuantity}
                step={1}
                value={typed[item.id] ?? '0'}
                aria-describedby={`${id}-${item.id}-hint${wrong(quantity, item.maxQuantity) ? ` ${id}-${item.id}-error` : ''}`}
                aria-invalid={wrong(quantity, item.maxQuantity) || undefined}
                onChange={(event) => setTyped({ ...typed, [item.id]: event.target.value })}
              />
              {wrong(quantity, item.maxQuantity) ? (
                <span className={styles.hint} id={`${id}-${item.id}-error`}>
                  {t(quantity === null ? 'errors.formQuantity' : 'errors.formOverMax')}
                </span>
              ) : null}
            </label>
          ))}
        </div>
        <p className={styles.boothName} aria-live="polite">
          {t('forms.total', { amount: money(total) })}
        </p>
      </fieldset>
      <CompanyFields countries={countries} />
      <button type="submit" className={styles.primary} disabled={busy || total === 0} aria-describedby={`${id}-order`}>
        {t('forms.order')}
      </button>
      <p id={`${id}-order`} className={styles.hint}>
        {t('forms.orderHint')}
      </p>
      {status}
    </form>
  )
}

import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type BoothChoiceView, boothChoice, chooseBooth } from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { cancelOrder } from '../../api/tickets.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { checkoutPath } from '../../../shared/checkout-steps.ts'
import { formatMoney } from '../../../shared/rules/money.ts'
import type { Country } from './area-load.ts'
import { CompanyFields } from './company-fields.tsx'
import styles from './exhibitor-area.module.css'
import { useAreaAction } from './messages.ts'

/** Decimetres as metres people read: 30 -> "3", 25 -> "2.5". */
const metres = (dm: number, htmlLang: string) => new Intl.NumberFormat(htmlLang, { maximumFractionDigits: 1 }).format(dm / 10)

/**
 * The exhibitor's booth (docs/product.md#booth-checkout): its own booths (a held one with its countdown,
 * "Pay" and "Release"; a bought one with its order, where the invoice is), or, while the organiser lets
 * exhibitors choose, the free booths with their price for an admin to hold one. A booth taken meanwhile
 * is said so and the list read again.
 */
export function BoothSection({
  exhibitorId,
  choice: loaded,
  admin,
  active,
  countries,
}: {
  exhibitorId: number
  choice: BoothChoiceView
  admin: boolean
  active: boolean
  countries: Country[]
}) {
  const { t } = useTranslation('exhibitor')
  const site = useSite()
  const gateway = useGateway()
  const id = useId()
  const [choice, setChoice] = useState(loaded)
  const [picked, setPicked] = useState<number | null>(null)
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  const { busy, problem, notice, setNotice, run } = useAreaAction()
  const reload = async () => setChoice(await gateway.call(boothChoice, { exhibitorId }))
  const money = (minor: number) => (choice.currency ? formatMoney(minor, choice.currency, site.htmlLang) : '')

  const hold = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '')
    if (picked === null) return
    void run(async () => {
      try {
        await gateway.call(chooseBooth, {
          exhibitorId,
          boothId: picked,
          invoice: { companyName: text('companyName'), address: text('address'), country: text('country'), taxId: text('taxId') },
          idempotencyKey,
        })
        setNotice(t('booth.held'))
      } catch (error) {
        // Someone else was faster: the plan as it stands now.
        if (error instanceof GatewayError && error.code === 'exhibitor:errors.boothTaken') await reload()
        throw error
      } finally {
        setIdempotencyKey(crypto.randomUUID())
        setPicked(null)
      }
      await reload()
    })
  }

  const release = (orderNumber: string) =>
    run(async () => {
      await gateway.call(cancelOrder, { orderNumber })
      await reload()
      setNotice(t('booth.released'))
    })

  return (
    <section id="booth" className={styles.card} aria-labelledby="booth-title">
      <h2 id="booth-title" className={styles.cardTitle}>
        {t('booth.title')}
      </h2>
      {choice.mine.map((booth) => (
        <div key={booth.id} className={styles.boothMine}>
          <p className={styles.boothName}>{t('booth.line', { number: booth.number, hall: booth.hall })}</p>
          {booth.passes > 0 ? <p className={styles.muted}>{t('booth.passes', { count: booth.passes })}</p> : null}
          {booth.state === 'held' && booth.order ? (
            <>
              <p className={styles.muted}>
                {t('booth.heldUntil', {
                  time: new Intl.DateTimeFormat(site.htmlLang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(booth.order.expiresAt)),
                })}
              </p>
              <p className={styles.boothActions}>
                <a className={styles.primary} href={checkoutPath(site.lang, 'payment', { order: booth.order.number })}>
                  {t('booth.pay')}
                </a>
                {admin ? (
                  <button type="button" className={styles.secondary} disabled={busy} onClick={() => void release(booth.order?.number ?? '')}>
                    {t('booth.release')}
                  </button>
                ) : null}
              </p>
            </>
          ) : (
            <>
              <p className={styles.muted}>{booth.order ? t('booth.bought') : t('booth.assigned')}</p>
              {booth.order ? (
                <p>
                  <a href={checkoutPath(site.lang, 'orders', { order: booth.order.number })}>{t('booth.orderAndInvoice', { number: booth.order.number })}</a>
                </p>
              ) : null}
            </>
          )}
        </div>
      ))}
      {choice.mine.length ? null : !choice.selfSelection ? (
        <p className={styles.muted}>{t('booth.organiserAssigns')}</p>
      ) : !choice.free.length ? (
        <p className={styles.muted}>{t('booth.noneFree')}</p>
      ) : admin && active ? (
        <form onSubmit={hold} noValidate>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('booth.freeBooths')}</legend>
            <div className={styles.boothChoices}>
              {choice.free.map((booth) => (
                <label key={booth.id} className={`${styles.choice} ${picked === booth.id ? styles.choiceChecked : ''}`}>
                  <input type="radio" name="booth" value={booth.id} checked={picked === booth.id} onChange={() => setPicked(booth.id)} />
                  <span>
                    {t('booth.line', { number: booth.number, hall: booth.hall })} · {t(`booth.types.${booth.type}`)} ·{' '}
                    {t('booth.size', { w: metres(booth.w, site.htmlLang), h: metres(booth.h, site.htmlLang) })} · {money(booth.priceMinor)}
                    {booth.passes > 0 ? ` · ${t('booth.passes', { count: booth.passes })}` : ''}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <CompanyFields countries={countries} />
          <button type="submit" className={styles.primary} disabled={busy || picked === null} aria-describedby={`${id}-hold`}>
            {t('booth.hold')}
          </button>
          <p id={`${id}-hold`} className={styles.hint}>
            {t('booth.holdHint')}
          </p>
        </form>
      ) : (
        <>
          <ul className={styles.boothList}>
            {choice.free.map((booth) => (
              <li key={booth.id}>
                {t('booth.line', { number: booth.number, hall: booth.hall })} · {money(booth.priceMinor)}
                {booth.passes > 0 ? ` · ${t('booth.passes', { count: booth.passes })}` : ''}
              </li>
            ))}
          </ul>
          <p className={styles.muted}>{t('booth.adminsChoose')}</p>
        </>
      )}
      <p className={styles.status} role="status">
        {notice}
      </p>
      {problem ? (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  )
}

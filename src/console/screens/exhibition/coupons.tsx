import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CatalogCoupon, type CatalogExhibition, type couponList, saveCoupon } from '../../../api/console-catalog.ts'
import type { RefResult } from '../../../../shared/functions/gateway.ts'
import { useConsoleShell } from '../../console-state.ts'
import { localText } from '../../lib/local-text.ts'
import { venueTimeNow } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { useErrorText } from '../../ui/use-error-text.ts'
import ui from '../../ui/ui.module.css'
import styles from './catalog.module.css'
import { lazySection } from '../../../lib/lazy-section.tsx'
import { Panel } from '../../ui/panel.tsx'

// Opened by a click: loaded then, so the screen's first visit stays within its budget (bundle-budget.json).
const CouponForm = lazySection('exhibition/coupon-form', () => import('./coupon-form.tsx').then((module) => module.CouponForm))
const CouponUses = lazySection('exhibition/coupon-uses', () => import('./coupon-uses.tsx').then((module) => module.CouponUses))

interface Props {
  exhibition: CatalogExhibition
  coupons: RefResult<typeof couponList>
  onSaved(): void
}

/** The exhibition's coupons: what each gives, how often it was used and where; one code or many at once. */
export function Coupons({ exhibition, coupons, onSaved }: Props) {
  const { t } = useTranslation()
  const { language, client } = useConsoleShell()
  const errorText = useErrorText()
  const [form, setForm] = useState<'one' | 'many' | null>(null)
  const [editing, setEditing] = useState<CatalogCoupon | null>(null)
  const [ending, setEnding] = useState<number | null>(null)
  const [shown, setShown] = useState<CatalogCoupon | null>(null)
  const [status, setStatus] = useState('')
  const [problem, setProblem] = useState('')
  // A coupon as its save answered, until the list is loaded again: a member who edits or pauses it
  // at once starts from what was saved, not from the row before (which would undo the change).
  const [saved, setSaved] = useState<{ of: typeof coupons; rows: ReadonlyMap<number, CatalogCoupon> }>({ of: coupons, rows: new Map() })
  const remember = (coupon: CatalogCoupon) =>
    setSaved((previous) => ({ of: coupons, rows: new Map(previous.of === coupons ? previous.rows : []).set(coupon.id, coupon) }))
  const rows = saved.of === coupons ? coupons.coupons.map((coupon) => saved.rows.get(coupon.id) ?? coupon) : coupons.coupons
  /** Saves the coupon as it is but for `change`: pausing, resuming and ending keep every other setting. */
  const change = async (coupon: CatalogCoupon, patch: Partial<CatalogCoupon>, done: string) => {
    setStatus('')
    setProblem('')
    const { used: _used, ...settings } = { ...coupon, ...patch }
    try {
      remember((await client.call(saveCoupon, { ...settings, exhibitionId: exhibition.id })).coupon)
      setEnding(null)
      setStatus(done)
      onSaved()
    } catch (error) {
      setProblem(errorText(error))
    }
  }
  const endNow = (coupon: CatalogCoupon) => {
    const now = venueTimeNow(exhibition.timeZone)
    // A code whose window had not begun ends as well: its window becomes "until now".
    const validFrom = coupon.validFrom && coupon.validFrom < now ? coupon.validFrom : null
    return change(coupon, { validFrom, validUntil: now }, t('catalog.couponEnded', { code: coupon.code }))
  }
  const ended = (coupon: CatalogCoupon) => coupon.validUntil !== null && coupon.validUntil <= venueTimeNow(exhibition.timeZone)
  const value = (coupon: CatalogCoupon) =>
    coupon.kind === 'percent'
      ? t('catalog.percentValue', { percent: coupon.percentOff })
      : coupon.kind === 'fixed'
        ? formatMoney(coupon.amountOffMinor ?? 0, coupon.currency ?? 'USD', language)
        : t('catalog.kindsCoupon.freeTicket')
  const typeNames = (coupon: CatalogCoupon) =>
    coupon.ticketTypeIds.length
      ? coupon.ticketTypeIds.map((id) => localText(exhibition.ticketTypes.find((type) => type.id === id)?.texts ?? {}, language, 'name') ?? id).join(', ')
      : t('catalog.allTypes')
  const columns: Array<Column<CatalogCoupon>> = [
    {
      header: t('catalog.code'),
      cell: (coupon) => (
        <>
          <span className={ui.mono}>{coupon.code}</span>
          {coupon.active ? null : <div className={`${ui.badge} ${ui.badgeOff}`}>{t('catalog.inactive')}</div>}
          {ended(coupon) ? <div className={`${ui.badge} ${ui.badgeOff}`}>{t('catalog.ended')}</div> : null}
        </>
      ),
    },
    { header: t('catalog.discount'), cell: value },
    {
      header: t('catalog.uses'),
      cell: (coupon) => (
        <>
          {t('catalog.usesValue', { used: coupon.used, max: coupon.maxUses })}
          {coupon.perAccountLimit ? <div className={ui.muted}>{t('catalog.perAccountValue', { n: coupon.perAccountLimit })}</div> : null}
        </>
      ),
    },
    {
      header: t('catalog.validity'),
      className: ui.nowrap,
      cell: (coupon) =>
        coupon.validFrom || coupon.validUntil
          ? `${coupon.validFrom?.replace('T', ' ') ?? '…'} – ${coupon.validUntil?.replace('T', ' ') ?? '…'}`
          : t('catalog.anyTime'),
    },
    { header: t('catalog.appliesTo'), cell: typeNames },
    {
      header: t('catalog.actions'),
      actions: true,
      cell: (coupon) => (
        <div className={ui.actions}>
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setShown(coupon)}>
            {t('catalog.whereUsed', { code: coupon.code })}
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            aria-label={t('catalog.editCoupon', { code: coupon.code })}
            onClick={() => {
              setStatus('')
              setForm(null)
              setEditing(coupon)
            }}
          >
            {t('catalog.edit')}
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            aria-label={t(coupon.active ? 'catalog.pauseCoupon' : 'catalog.resumeCoupon', { code: coupon.code })}
            onClick={() =>
              void change(coupon, { active: !coupon.active }, t(coupon.active ? 'catalog.couponPaused' : 'catalog.couponResumed', { code: coupon.code }))
            }
          >
            {t(coupon.active ? 'catalog.pause' : 'catalog.resume')}
          </button>
          {ended(coupon) ? null : ending === coupon.id ? (
            <fieldset className={styles.confirm}>
              <legend>{t('catalog.endConfirm', { code: coupon.code })}</legend>
              <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => void endNow(coupon)}>
                {t('catalog.endNow')}
              </button>
              <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setEnding(null)}>
                {t('catalog.keep')}
              </button>
            </fieldset>
          ) : (
            <button
              type="button"
              className={`${ui.button} ${ui.small}`}
              aria-label={t('catalog.endCoupon', { code: coupon.code })}
              onClick={() => setEnding(coupon.id)}
            >
              {t('catalog.end')}
            </button>
          )}
        </div>
      ),
    },
  ]
  return (
    <Panel title={t('catalog.coupons')}>
      <DataTable
        label={t('catalog.coupons')}
        caption={t('catalog.couponsShown', { shown: coupons.coupons.length, total: coupons.total })}
        columns={columns}
        rows={rows}
        rowKey={(coupon) => coupon.id}
        empty={t('catalog.noCoupons')}
      />
      {status ? (
        <p className={ui.muted} role="status">
          {status}
        </p>
      ) : null}
      {problem ? (
        <p className={ui.alert} role="alert">
          {problem}
        </p>
      ) : null}
      {shown ? (
        <Suspense fallback={null}>
          <CouponUses key={shown.id} exhibitionId={exhibition.id} coupon={shown} onClose={() => setShown(null)} />
        </Suspense>
      ) : null}
      {form || editing ? (
        <Suspense fallback={null}>
          <CouponForm
            key={editing ? `edit-${editing.id}` : (form ?? 'one')}
            mode={form ?? 'one'}
            coupon={editing}
            exhibition={exhibition}
            onClose={() => {
              setForm(null)
              setEditing(null)
            }}
            onSaved={(coupon) => {
              if (coupon) remember(coupon)
              setForm(null)
              setEditing(null)
              onSaved()
            }}
          />
        </Suspense>
      ) : (
        <div className={ui.actions}>
          <button
            type="button"
            className={ui.button}
            onClick={() => {
              setStatus('')
              setEditing(null)
              setForm('one')
            }}
          >
            {t('catalog.addCoupon')}
          </button>
          <button
            type="button"
            className={ui.button}
            onClick={() => {
              setStatus('')
              setForm('many')
            }}
          >
            {t('catalog.generateCoupons')}
          </button>
        </div>
      )}
    </Panel>
  )
}

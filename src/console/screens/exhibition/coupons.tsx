import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CatalogCoupon, CatalogExhibition, couponList } from '../../../api/console.ts'
import type { RefResult } from '../../../api/functions/gateway.ts'
import { useConsoleShell } from '../../console-state.ts'
import { localText } from '../../lib/local-text.ts'
import { formatMoney } from '../../lib/money.ts'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { CouponForm } from './coupon-form.tsx'
import { CouponUses } from './coupon-uses.tsx'

interface Props {
  exhibition: CatalogExhibition
  coupons: RefResult<typeof couponList>
  onSaved(): void
}

/** The exhibition's coupons: what each gives, how often it was used and where; one code or many at once. */
export function Coupons({ exhibition, coupons, onSaved }: Props) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const [form, setForm] = useState<'one' | 'many' | null>(null)
  const [shown, setShown] = useState<CatalogCoupon | null>(null)
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
  return (
    <section className={ui.panel} aria-labelledby="coupons-title">
      <h2 id="coupons-title" className={ui.panelTitle}>
        {t('catalog.coupons')}
      </h2>
      {coupons.coupons.length ? (
        <TableFrame label={t('catalog.coupons')}>
          <table className={ui.table}>
            <caption className="visually-hidden">{t('catalog.couponsShown', { shown: coupons.coupons.length, total: coupons.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('catalog.code')}</th>
                <th scope="col">{t('catalog.discount')}</th>
                <th scope="col">{t('catalog.uses')}</th>
                <th scope="col">{t('catalog.validity')}</th>
                <th scope="col">{t('catalog.appliesTo')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('catalog.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {coupons.coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <td className={ui.mono}>
                    {coupon.code}
                    {coupon.active ? null : <div className={`${ui.badge} ${ui.badgeOff}`}>{t('catalog.inactive')}</div>}
                  </td>
                  <td>{value(coupon)}</td>
                  <td>
                    {t('catalog.usesValue', { used: coupon.used, max: coupon.maxUses })}
                    {coupon.perAccountLimit ? <div className={ui.muted}>{t('catalog.perAccountValue', { n: coupon.perAccountLimit })}</div> : null}
                  </td>
                  <td className={ui.nowrap}>
                    {coupon.validFrom || coupon.validUntil
                      ? `${coupon.validFrom?.replace('T', ' ') ?? '…'} – ${coupon.validUntil?.replace('T', ' ') ?? '…'}`
                      : t('catalog.anyTime')}
                  </td>
                  <td>{typeNames(coupon)}</td>
                  <td>
                    <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setShown(coupon)}>
                      {t('catalog.whereUsed', { code: coupon.code })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : (
        <p className={ui.muted}>{t('catalog.noCoupons')}</p>
      )}
      {shown ? <CouponUses key={shown.id} exhibitionId={exhibition.id} coupon={shown} onClose={() => setShown(null)} /> : null}
      {form ? (
        <CouponForm
          key={form}
          mode={form}
          exhibition={exhibition}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null)
            onSaved()
          }}
        />
      ) : (
        <div className={ui.actions}>
          <button type="button" className={ui.button} onClick={() => setForm('one')}>
            {t('catalog.addCoupon')}
          </button>
          <button type="button" className={ui.button} onClick={() => setForm('many')}>
            {t('catalog.generateCoupons')}
          </button>
        </div>
      )}
    </section>
  )
}

import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CatalogCoupon, type CatalogExhibition, generateCoupons, saveCoupon } from '../../../api/console-catalog.ts'
import { COUPON_BATCH, COUPON_KINDS, type CouponKind } from '../../../../shared/rules/console-catalog.ts'
import { useConsoleShell } from '../../console-state.ts'
import { localText } from '../../lib/local-text.ts'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import styles from './catalog.module.css'
import { SelectField } from '../../ui/select-field.tsx'
import { MoneyFields } from './currency-field.tsx'
import { moneyOf } from '../../ui/money-value.ts'
import { orNull, textOf, useFormCall } from '../../ui/use-form-call.ts'
import { FormEnd } from '../../ui/form-end.tsx'

interface Props {
  mode: 'one' | 'many'
  exhibition: CatalogExhibition
  /** The coupon being changed (mode 'one'); its uses so far stay. */
  coupon?: CatalogCoupon | null
  onClose(): void
  /** With the coupon as saved when one code was typed or changed. */
  onSaved(saved?: CatalogCoupon): void
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value))

/** One code typed by staff or changed, or many generated at once with the same settings. */
export function CouponForm({ mode, exhibition, coupon = null, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const [kind, setKind] = useState<CouponKind>(coupon?.kind ?? 'percent')
  const [codes, setCodes] = useState<string[] | null>(null)
  const settings = (form: FormData) => ({
    exhibitionId: exhibition.id,
    kind,
    percentOff: kind === 'percent' ? numberOrNull(textOf(form, 'percentOff')) : null,
    amountOffMinor: kind === 'fixed' ? moneyOf(form, 'amountOff', textOf(form, 'currency'), 'amountOffMinor') : null,
    currency: kind === 'fixed' ? orNull(textOf(form, 'currency')) : null,
    maxUses: Number(textOf(form, 'maxUses') || '1'),
    perAccountLimit: numberOrNull(textOf(form, 'perAccountLimit')),
    validFrom: orNull(textOf(form, 'validFrom')),
    validUntil: orNull(textOf(form, 'validUntil')),
    ticketTypeIds: form.getAll('ticketTypeIds').map(Number),
    active: coupon ? form.get('active') === 'on' : true,
  })
  const { busy, submit, fieldError, field, message } = useFormCall(
    async (form) => {
      if (mode === 'many') {
        return (await client.call(generateCoupons, { ...settings(form), prefix: textOf(form, 'prefix'), count: Number(textOf(form, 'count')) })).codes
      }
      return (await client.call(saveCoupon, { ...settings(form), ...(coupon ? { id: coupon.id } : {}), code: textOf(form, 'code') })).coupon
    },
    (made) => (Array.isArray(made) ? setCodes(made) : onSaved(made)),
    { words: 'catalog', values: coupon },
  )
  if (codes) {
    return (
      <section aria-labelledby="codes-title">
        <h3 id="codes-title">{t('catalog.codesMade', { n: codes.length })}</h3>
        <textarea className={`${ui.input} ${styles.codes}`} readOnly rows={8} value={codes.join('\n')} aria-labelledby="codes-title" />
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => onSaved()}>
          {t('catalog.done')}
        </button>
      </section>
    )
  }
  const currency = coupon?.currency ?? exhibition.ticketTypes[0]?.currency ?? 'USD'
  const title = coupon ? t('catalog.editCoupon', { code: coupon.code }) : t(mode === 'one' ? 'catalog.addCoupon' : 'catalog.generateCoupons')
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="coupon-form-title">
      <h3 id="coupon-form-title">{title}</h3>
      <div className={styles.grid}>
        {mode === 'one' ? (
          <TextField {...field('code')} required />
        ) : (
          <>
            <TextField {...field('prefix')} required maxLength={COUPON_BATCH.prefixMax} hint={t('catalog.prefixHint')} />
            <TextField {...field('count')} type="number" min={1} max={COUPON_BATCH.max} defaultValue={10} />
          </>
        )}
        <SelectField
          label={t('catalog.couponKind')}
          name="kind"
          defaultValue={kind}
          options={COUPON_KINDS.map((value) => [value, t(`catalog.kindsCoupon.${value}`)])}
          onChange={(value) => setKind(value as CouponKind)}
        />
        {kind === 'percent' ? <TextField {...field('percentOff')} type="number" min={1} max={100} /> : null}
        {kind === 'fixed' ? (
          <MoneyFields
            label={t('catalog.amountOff')}
            name="amountOff"
            minor={coupon?.currency ? coupon.amountOffMinor : null}
            currency={currency}
            error={fieldError('amountOffMinor')}
          />
        ) : null}
        <TextField
          {...field('maxUses')}
          type="number"
          min={Math.max(1, coupon?.used ?? 1)}
          defaultValue={coupon?.maxUses ?? 1}
          hint={coupon ? t('catalog.usedSoFar', { used: coupon.used }) : undefined}
        />
        <TextField {...field('perAccountLimit')} type="number" min={1} hint={t('catalog.perAccountHint')} />
        <TextField {...field('validFrom')} type="datetime-local" />
        <TextField {...field('validUntil')} type="datetime-local" />
      </div>
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('catalog.appliesTo')}</legend>
        <p className={ui.hint}>{t('catalog.appliesToHint')}</p>
        <div className={styles.checks}>
          {exhibition.ticketTypes.map((type) => (
            <label key={type.id} className={ui.choice}>
              <input type="checkbox" name="ticketTypeIds" value={type.id} defaultChecked={coupon?.ticketTypeIds.includes(type.id) ?? false} />{' '}
              {localText(type.texts, language, 'name') ?? type.key}
            </label>
          ))}
        </div>
        {fieldError('ticketTypeIds') ? <p className={ui.fieldError}>{fieldError('ticketTypeIds')}</p> : null}
      </fieldset>
      {coupon ? (
        <label className={ui.choice}>
          <input type="checkbox" name="active" defaultChecked={coupon.active} /> {t('catalog.couponActive')}
        </label>
      ) : null}
      <FormEnd message={message} busy={busy} save={t(mode === 'one' ? 'catalog.save' : 'catalog.generate')} cancel={t('catalog.cancel')} onCancel={onClose} />
    </form>
  )
}

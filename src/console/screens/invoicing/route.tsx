import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type InvoicingSettings, invoicing, saveInvoicing } from '../../../api/console-orders.ts'
import { INVOICE_LIMITS, INVOICE_MESSAGES, parseRate, TAX_TREATMENTS, type TaxTreatment } from '../../../../shared/rules/invoices.ts'
import { useConsoleShell } from '../../console-state.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { FormEnd } from '../../ui/form-end.tsx'
import { SelectField } from '../../ui/select-field.tsx'
import { TextAreaField, TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { FormProblems, textOf, useFormCall } from '../../ui/use-form-call.ts'
import styles from './invoicing.module.css'
import { Panel } from '../../ui/panel.tsx'

export async function loader(args: LoaderFunctionArgs): Promise<InvoicingSettings> {
  return staffCall(args, invoicing, {})
}

interface RateRow {
  key: number
  country: string
  treatment: TaxTreatment
  rate: string
}

/**
 * The legal identity invoices are issued with and the tax rates per buyer country (docs/product.md#invoices),
 * owners only; each save is audited, and a save over another owner's is refused (409).
 */
export function Component() {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const loaded = useLoaderData() as InvoicingSettings
  const [settings, setSettings] = useState(loaded)
  const [saved, setSaved] = useState(false)
  const [round, setRound] = useState(0)
  const [rates, setRates] = useState<RateRow[]>(() => loaded.rates.map((rate, key) => ({ key, ...rate })))
  const [nextKey, setNextKey] = useState(loaded.rates.length)
  const issuer = settings.issuer
  const { busy, submit, fieldError, field, message } = useFormCall(
    (form) => {
      // Rates are checked here as the platform checks them, so a typo is named before anything is sent.
      const problems: Record<string, string> = {}
      if (parseRate(textOf(form, 'defaultRate')) === null) problems.defaultRate = INVOICE_MESSAGES.rate
      rates.forEach((rate, index) => {
        if (rate.treatment === 'standard' && parseRate(rate.rate) === null) problems[`rates.${index}.rate`] = INVOICE_MESSAGES.rate
      })
      if (Object.keys(problems).length) throw new FormProblems(problems)
      return client.call(saveInvoicing, {
        legalName: textOf(form, 'legalName'),
        address: textOf(form, 'address'),
        country: textOf(form, 'country'),
        taxId: textOf(form, 'taxId'),
        registrationNumber: textOf(form, 'registrationNumber'),
        prefix: textOf(form, 'prefix'),
        defaultRate: textOf(form, 'defaultRate'),
        rates: rates.map((rate) => ({ country: rate.country, treatment: rate.treatment, rate: rate.treatment === 'standard' ? rate.rate : '0' })),
        version: settings.version,
      })
    },
    (next) => {
      setSettings(next)
      setRates(next.rates.map((rate, key) => ({ key, ...rate })))
      setNextKey(next.rates.length)
      setRound((value) => value + 1)
      setSaved(true)
    },
    { words: 'invoicing', values: issuer },
  )
  const countries: Array<[string, string]> = settings.countries.map((country) => [country.code, country.name])
  const change = (key: number, patch: Partial<RateRow>) => {
    setSaved(false)
    setRates((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)))
  }

  return (
    <ConsolePage title={t('invoicing.title')} lead={t('invoicing.lead')}>
      {!issuer ? (
        <p className={ui.alert} role="note">
          {t('invoicing.none')}
        </p>
      ) : issuer.demo ? (
        <p className={ui.alert} role="note">
          {t('invoicing.demo')}
        </p>
      ) : null}
      <p className={saved ? ui.success : 'visually-hidden'} role="status">
        {saved ? t('invoicing.saved') : ''}
      </p>
      <form key={round} className={ui.form} onSubmit={(event) => void submit(event)} onChange={() => setSaved(false)} noValidate>
        <Panel title={t('invoicing.identity')}>
          <div className={styles.grid}>
            <TextField {...field('legalName')} maxLength={INVOICE_LIMITS.companyName} required />
            <SelectField {...field('country')} options={[['', t('invoicing.chooseCountry')], ...countries]} />
            <TextField {...field('taxId')} maxLength={INVOICE_LIMITS.taxId} required />
            <TextField {...field('registrationNumber')} maxLength={INVOICE_LIMITS.registrationNumber} />
            <TextField {...field('prefix')} maxLength={INVOICE_LIMITS.prefix} autoComplete="off" required hint={t('invoicing.prefixHint')} />
            <TextField {...field('defaultRate')} inputMode="decimal" required hint={t('invoicing.defaultRateHint')} />
          </div>
          <TextAreaField {...field('address')} rows={3} maxLength={INVOICE_LIMITS.address} required />
        </Panel>
        <Panel title={t('invoicing.rates')}>
          <p className={ui.hint}>{t('invoicing.ratesHint')}</p>
          <ul className={styles.rates}>
            {rates.map((row, index) => (
              <li key={row.key} className={styles.rate}>
                <SelectField
                  label={t('invoicing.rateCountry')}
                  name={`rates.${index}.country`}
                  defaultValue={row.country}
                  options={[['', t('invoicing.chooseCountry')], ...countries]}
                  error={fieldError(`rates.${index}.country`)}
                  onChange={(country) => change(row.key, { country })}
                />
                <SelectField
                  label={t('invoicing.treatment')}
                  name={`rates.${index}.treatment`}
                  defaultValue={row.treatment}
                  options={TAX_TREATMENTS.map((treatment) => [treatment, t(`invoicing.treatments.${treatment}`)])}
                  error={fieldError(`rates.${index}.treatment`)}
                  onChange={(treatment) => change(row.key, { treatment: treatment as TaxTreatment })}
                />
                {row.treatment === 'standard' ? (
                  <TextField
                    label={t('invoicing.rate')}
                    name={`rates.${index}.rate`}
                    inputMode="decimal"
                    defaultValue={row.rate}
                    onChange={(event) => change(row.key, { rate: event.target.value })}
                    error={fieldError(`rates.${index}.rate`)}
                  />
                ) : null}
                <button
                  type="button"
                  className={`${ui.button} ${styles.remove}`}
                  onClick={() => setRates((current) => current.filter((other) => other.key !== row.key))}
                >
                  {t('invoicing.removeRate')}
                </button>
              </li>
            ))}
          </ul>
          <div className={ui.actions}>
            <button
              type="button"
              className={ui.button}
              disabled={rates.length >= INVOICE_LIMITS.rates}
              onClick={() => {
                setRates((current) => [...current, { key: nextKey, country: '', treatment: 'standard', rate: '' }])
                setNextKey((value) => value + 1)
              }}
            >
              {t('invoicing.addRate')}
            </button>
          </div>
        </Panel>
        <FormEnd message={message} busy={busy} save={t('invoicing.save')} />
      </form>
    </ConsolePage>
  )
}

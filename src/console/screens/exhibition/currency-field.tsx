import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { amountText, CURRENCY_CODES } from '../../../../shared/rules/money.ts'
import { useConsoleShell } from '../../console-state.ts'
import { htmlLangOf } from '../../i18n.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'

interface Props {
  label: string
  name: string
  defaultValue: string
  onChange?(value: string): void
}

/** The ISO 4217 currencies in use, each by its code and its name in the member's language ("CNY · 人民币"). */
export function CurrencyField({ label, name, defaultValue, onChange }: Props) {
  const { language } = useConsoleShell()
  const options = useMemo(() => {
    const names = new Intl.DisplayNames(htmlLangOf(language), { type: 'currency' })
    return CURRENCY_CODES.map((code): [string, string] => [code, `${code} · ${names.of(code) ?? code}`])
  }, [language])
  return <SelectField label={label} name={name} defaultValue={defaultValue} options={options} {...(onChange ? { onChange } : {})} />
}

interface MoneyProps {
  label: string
  /** The amount's field; the currency's is `currency`. */
  name: string
  /** The stored amount in minor units, shown as money ("299.00"); none for a new one. */
  minor: number | null | undefined
  currency: string
  required?: boolean
  error: string | undefined
}

/** An amount typed as money in its currency's digits, and the currency beside it (a price, an amount off). */
export function MoneyFields({ label, name, minor, currency, required, error }: MoneyProps) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={label}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        defaultValue={minor == null ? '' : amountText(minor, currency)}
        required={required}
        hint={t('catalog.priceHint')}
        error={error}
      />
      <CurrencyField label={t('catalog.currency')} name="currency" defaultValue={currency} />
    </>
  )
}

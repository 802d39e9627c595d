import { useMemo } from 'react'
import { CURRENCY_CODES } from '../../../../shared/rules/money.ts'
import { useConsoleShell } from '../../console-state.ts'
import { htmlLangOf } from '../../i18n.ts'
import { SelectField } from '../../ui/select-field.tsx'

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

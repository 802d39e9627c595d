import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../api/gateway-error.ts'
import type { FieldErrors } from '../../../shared/functions/gateway.ts'
import { parseMoney } from '../../../shared/rules/money.ts'

/** Fields the form itself refused before sending (an amount that is not money), by their contract names. */
export class FormProblems extends Error {
  readonly fields: FieldErrors
  constructor(fields: FieldErrors) {
    super('form problems')
    this.fields = fields
  }
}

/**
 * A catalogue form's submit: field errors beside their fields, any other refusal as one message, all
 * translated (a message may carry values, e.g. how many tickets are sold).
 */
export function useFormCall<T>(send: (form: FormData) => Promise<T>, onDone: (result: T) => void) {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState('')
  const text = (code: string, values?: unknown) => (i18n.exists(code) ? t(code, (values ?? {}) as Record<string, unknown>) : t('errors.unexpected'))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setFields({})
    setMessage('')
    try {
      onDone(await send(new FormData(event.currentTarget)))
    } catch (error) {
      if (error instanceof FormProblems) setFields(error.fields)
      else if (error instanceof GatewayError && Object.keys(error.fields).length) setFields(error.fields)
      else if (error instanceof GatewayError) setMessage(text(error.code, (error.body as { data?: unknown } | null)?.data))
      else setMessage(t('errors.unexpected'))
    }
    setBusy(false)
  }
  /** The field's translated error; nested fields are named with dots (texts.en.title). */
  const fieldError = (name: string) => (fields[name] ? text(fields[name] as string) : undefined)
  return { busy, submit, fieldError, message }
}

/** A form value as text, trimmed; empty is null for optional times and numbers. */
export const textOf = (form: FormData, name: string) => String(form.get(name) ?? '').trim()
export const orNull = (value: string) => (value === '' ? null : value)

/**
 * An amount typed as money ("299.00") in the chosen currency's minor units; a problem is thrown as
 * the contract field's error, so it shows where the server's own refusal would.
 */
export function moneyOf(form: FormData, name: string, currency: string, field: string): number {
  const parsed = parseMoney(textOf(form, name), currency)
  if ('problem' in parsed) throw new FormProblems({ [field]: parsed.problem === 'digits' ? 'console:errors.amountDigits' : 'console:errors.amountFormat' })
  return parsed.minor
}

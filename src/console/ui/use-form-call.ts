import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../api/gateway-error.ts'
import type { FieldErrors } from '../../../shared/functions/gateway.ts'
import { useErrorText } from './use-error-text.ts'

/** Fields the form itself refused before sending (an amount that is not money, no file chosen), by their contract names. */
export class FormProblems extends Error {
  readonly fields: FieldErrors
  constructor(fields: FieldErrors) {
    super('form problems')
    this.fields = fields
  }
}

/** The form's words (`invoicing`: a field's label is the key of its name under them) and the values it edits (none for a new one). */
interface FieldsOf {
  words: string
  values?: object | null | undefined
}

/**
 * A console form's submit: field errors beside their fields, any other refusal as one message, all
 * translated (a message may carry values, e.g. how many tickets are sold). `round` counts the forms
 * sent: a form that starts empty again after each (an invitation, a document) is keyed by it. With
 * the form's words, `field(name)` is a field's name, label, value and error at once:
 * `<TextField {...field('city')} required />`.
 */
export function useFormCall<T>(send: (form: FormData) => Promise<T>, onDone: (result: T) => void | Promise<void>, form?: FieldsOf) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState('')
  const [round, setRound] = useState(0)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setFields({})
    setMessage('')
    try {
      const result = await send(new FormData(event.currentTarget))
      setRound((value) => value + 1)
      await onDone(result)
    } catch (error) {
      if (error instanceof FormProblems) setFields(error.fields)
      else if (error instanceof GatewayError && Object.keys(error.fields).length) setFields(error.fields)
      else setMessage(errorText(error))
    }
    setBusy(false)
  }
  /** The field's translated error; nested fields are named with dots (texts.en.title). */
  const fieldError = (name: string) => {
    const code = fields[name]
    return code ? (i18n.exists(code) ? t(code) : t('errors.unexpected')) : undefined
  }
  const field = (name: string) => {
    const value = (form?.values as Record<string, unknown> | null | undefined)?.[name]
    return {
      name,
      label: t(`${form?.words}.${name}`),
      defaultValue: typeof value === 'string' || typeof value === 'number' ? String(value) : '',
      error: fieldError(name),
    }
  }
  return { busy, submit, fieldError, field, message, round }
}

/** A form value as text, trimmed; empty is null for optional times and numbers. */
export const textOf = (form: FormData, name: string) => String(form.get(name) ?? '').trim()
export const orNull = (value: string) => (value === '' ? null : value)

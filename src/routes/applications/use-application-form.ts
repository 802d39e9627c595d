import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import type { SubmitResult } from '../../api/applications.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { ERROR_CODES } from '../../../shared/functions/gateway.ts'
import { useToast } from '../../components/toast/toast.tsx'
import { type Attempt, attemptFor } from '../../lib/idempotency-key.ts'
import { type FieldErrors, topLevelErrors } from './validate.ts'

/** docs/product.md#user-messages result messages, keys of the `apply` namespace. */
type Outcome = 'failedRetry' | 'failed' | 'failedLater'

export interface ApplicationFormOptions<Values, Payload> {
  /** Prefix of every control id in this form (`ex`, `at`). */
  prefix: string
  initial: Values
  order: readonly string[]
  validate(values: Values): Promise<FieldErrors>
  toPayload(values: Values): Payload
  send(payload: Payload & { idempotencyKey: string }): Promise<SubmitResult>
}

export interface Submitted {
  reference: string
  email: string
}

/**
 * State of one application form: values, field errors (checked on submit, then again as the visitor
 * corrects them), the submission with its idempotency key, and the docs/product.md#user-messages result through the toast.
 * The key stays the same while the answers do, so a retry after a timeout or a second click is the
 * same submission; changed answers get a new key.
 */
export function useApplicationForm<Values extends { email: string }, Payload>(options: ApplicationFormOptions<Values, Payload>) {
  const { t } = useTranslation('apply')
  const toast = useToast()
  const revalidator = useRevalidator()
  const [values, setValues] = useState(options.initial)
  const [clientErrors, setClientErrors] = useState<FieldErrors>({})
  // What only the platform can know (a closed exhibition, the full phone metadata), shown until that field changes.
  const [serverErrors, setServerErrors] = useState<Record<string, { code: string; value: string }>>({})
  const [checked, setChecked] = useState(false)
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [detail, setDetail] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState<Submitted | null>(null)
  const [focusRequest, setFocusRequest] = useState(0)
  const busy = useRef(false)
  const attempt = useRef<Attempt | null>(null)
  const submitButton = useRef<HTMLButtonElement>(null)
  const { validate, order, prefix } = options

  const errors: FieldErrors = { ...clientErrors }
  for (const [field, error] of Object.entries(serverErrors)) {
    if (!errors[field] && JSON.stringify(values[field as keyof Values]) === error.value) errors[field] = error.code
  }

  const setValue = useCallback(<K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
  }, [])

  // After the first try, each change re-checks, so a fixed field loses its message at once.
  useEffect(() => {
    if (!checked) return
    let current = true
    validate(values).then((next) => {
      if (current) setClientErrors(next)
    })
    return () => {
      current = false
    }
  }, [values, checked, validate])

  // The first field with a problem gets the focus (and so its message is read out).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per request, with the errors of that render
  useEffect(() => {
    if (!focusRequest) return
    const first = order.find((field) => errors[field])
    if (first) document.getElementById(`${prefix}-${first}`)?.focus()
  }, [focusRequest])

  const remember = (fields: FieldErrors) =>
    Object.fromEntries(Object.entries(fields).map(([field, code]) => [field, { code, value: JSON.stringify(values[field as keyof Values]) }]))

  const fail = (result: Outcome, anchor: HTMLElement | null, more: string | null = null) => {
    setOutcome(result)
    setDetail(more)
    toast.show(t(`result.${result}`), { tone: 'error', anchor, duration: 3000 })
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy.current) return
    busy.current = true
    setPending(true)
    setOutcome(null)
    setDetail(null)
    const anchor = submitButton.current
    // A success keeps the form busy until `reset`: the form gives way to the success panel a render
    // later, and a double click's second click landing in between would send a second application.
    let succeeded = false
    try {
      const found = await validate(values)
      setChecked(true)
      setClientErrors(found)
      setServerErrors({})
      if (Object.keys(found).length) {
        setFocusRequest((count) => count + 1)
        return
      }
      const payload = options.toPayload(values)
      attempt.current = attemptFor(attempt.current, payload)
      const key = attempt.current.key
      try {
        const result = await options.send({ ...payload, idempotencyKey: key })
        attempt.current = null
        succeeded = true
        setSubmitted({ reference: result.reference, email: values.email.trim() })
        toast.show(t('result.success'), { tone: 'success', anchor })
      } catch (error) {
        const code = error instanceof GatewayError ? error.errorCode : 0
        if (code === ERROR_CODES.invalid && error instanceof GatewayError && Object.keys(error.fields).length) {
          setServerErrors(remember(topLevelErrors(error.fields)))
          setFocusRequest((count) => count + 1)
          fail('failedRetry', anchor)
        } else if (code === ERROR_CODES.gone || code === ERROR_CODES.notFound) {
          // The exhibition closed meanwhile: say so at the field and refresh the list.
          setServerErrors(remember({ exhibitionId: 'validation.closed' }))
          setFocusRequest((count) => count + 1)
          fail('failed', anchor)
          revalidator.revalidate()
        } else if (code === ERROR_CODES.conflict) {
          attempt.current = null
          fail('failed', anchor, 'result.keyReused')
        } else {
          // Offline, timed out, rate limited or the platform failed: the same key is kept for the retry.
          fail('failedLater', anchor)
        }
      }
    } finally {
      if (!succeeded) busy.current = false
      setPending(false)
    }
  }

  const reset = (next: Values) => {
    setValues(next)
    setClientErrors({})
    setServerErrors({})
    setChecked(false)
    setOutcome(null)
    setDetail(null)
    setSubmitted(null)
    attempt.current = null
    busy.current = false
  }

  return { values, setValue, errors, pending, outcome, detail, submitted, onSubmit, reset, submitButton }
}

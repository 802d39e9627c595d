import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '../../../shared/functions/gateway.ts'
import { GatewayError } from '../../api/gateway-error.ts'

/**
 * A content save: field errors by their path (`speakers.2.texts.en.title`), any other refusal as one
 * translated message (a conflict says someone else saved first), and what happened announced.
 */
export function useSave<T>() {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState('')
  const [conflict, setConflict] = useState(false)
  const [status, setStatus] = useState('')
  const text = (code: string) => (i18n.exists(code) ? t(code) : t('errors.unexpected'))

  const run = async (send: () => Promise<T>, done: (result: T) => void, success: string) => {
    setBusy(true)
    setFields({})
    setMessage('')
    setConflict(false)
    setStatus('')
    try {
      done(await send())
      setStatus(success)
    } catch (error) {
      if (error instanceof GatewayError && Object.keys(error.fields).length) {
        setFields(error.fields)
        setMessage(t('pages.fixFields', { count: Object.keys(error.fields).length }))
      } else if (error instanceof GatewayError) {
        setConflict(error.errorCode === 409)
        setMessage(text(error.code))
      } else setMessage(t('errors.unexpected'))
    }
    setBusy(false)
  }
  const errorOf = (path: string) => (fields[path] ? text(fields[path] as string) : undefined)
  /** Whether any field under this path (ending in a dot) was refused: its item opens to show it. */
  const problemUnder = (prefix: string) => Object.keys(fields).some((path) => path.startsWith(prefix))
  /** Forgets the last outcome (another part was opened). */
  const reset = () => {
    setFields({})
    setMessage('')
    setConflict(false)
    setStatus('')
  }
  return { busy, run, errorOf, problemUnder, message, conflict, status, reset }
}

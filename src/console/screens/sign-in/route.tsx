import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { signIn } from '../../../api/console.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { ERROR_CODES, type FieldErrors } from '../../../../shared/functions/gateway.ts'
import { retryAfterSeconds } from '../../console-client.ts'
import { useConsoleShell } from '../../console-state.ts'
import { LANGUAGE_COOKIE } from '../../i18n.ts'
import { safeNextPath } from '../../lib/paths.ts'
import { LanguageSelect } from '../../shell/language-select.tsx'
import { StandaloneCard } from '../../ui/standalone-card.tsx'
import { TextField } from '../../ui/text-field.tsx'
import styles from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'

/** Sign-in with e-mail, password and the 6-digit code (docs/product.md#staff-accounts); then back where the member was. */
export function Component() {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const [params] = useSearchParams()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  const [fields, setFields] = useState<FieldErrors>({})
  const codeInput = useRef<HTMLInputElement>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const code = String(form.get('code') ?? '').trim()
    setBusy(true)
    setMessage('')
    setFields({})
    try {
      await client.call(signIn, { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), ...(code ? { code } : {}) })
      // A full load: the member's own language and navigation come with the next page.
      window.location.assign(safeNextPath(params.get('next')))
      return
    } catch (error) {
      if (error instanceof GatewayError && error.errorCode === ERROR_CODES.rateLimited) {
        setMessage(t('signIn.throttled', { count: retryAfterSeconds(error) }))
      } else if (error instanceof GatewayError && error.errorCode === ERROR_CODES.invalid && Object.keys(error.fields).length) {
        setFields(error.fields)
      } else {
        setMessage(errorText(error))
        if (error instanceof GatewayError && error.code === 'console:errors.secondFactorRequired') codeInput.current?.focus()
      }
    }
    setBusy(false)
  }
  const fieldError = (name: string) => (fields[name] ? errorText(new GatewayError(400, fields[name] as string, null)) : undefined)
  const chooseLanguage = (next: string) => {
    // Before sign-in the choice is remembered in a cookie of the console's path; after it, the member's setting rules.
    document.cookie = `${LANGUAGE_COOKIE}=${next}; path=/console; max-age=31536000; samesite=strict`
    window.location.reload()
  }

  return (
    <StandaloneCard title={t('signIn.title')} lead={t('signIn.lead')} aside={<LanguageSelect value={language} onChange={chooseLanguage} />}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {message ? (
          <p className={styles.alert} role="alert">
            {message}
          </p>
        ) : null}
        <TextField label={t('signIn.email')} name="email" type="email" autoComplete="username" required error={fieldError('email')} />
        <TextField label={t('signIn.password')} name="password" type="password" autoComplete="current-password" required error={fieldError('password')} />
        <TextField
          ref={codeInput}
          label={t('signIn.code')}
          hint={t('signIn.codeHint')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          error={fieldError('code')}
        />
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy}>
          {busy ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </form>
    </StandaloneCard>
  )
}

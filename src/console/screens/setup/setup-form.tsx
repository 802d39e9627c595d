import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { setUp } from '../../../api/console.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import type { FieldErrors } from '../../../../shared/functions/gateway.ts'
import { STAFF_LIMITS } from '../../../../shared/rules/console-access.ts'
import { useConsoleShell } from '../../console-state.ts'
import { CONSOLE_HOME } from '../../lib/paths.ts'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import styles from './setup.module.css'
import { Alert } from '../../ui/form-end.tsx'

/** Steps 2 and 3: a password by the console's rules, and a current code to prove the app is set up. */
export function SetupForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  const [fields, setFields] = useState<FieldErrors>({})

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const password = String(form.get('password') ?? '')
    setMessage('')
    if (password.length < STAFF_LIMITS.passwordMin) return setFields({ password: 'console:errors.passwordShort' })
    if (password !== form.get('confirm')) return setFields({ confirm: 'setup.mismatch' })
    setFields({})
    setBusy(true)
    try {
      await client.call(setUp, { token, password, code: String(form.get('code') ?? '') })
      window.location.assign(CONSOLE_HOME)
      return
    } catch (error) {
      if (error instanceof GatewayError && Object.keys(error.fields).length) setFields(error.fields)
      else setMessage(errorText(error))
    }
    setBusy(false)
  }
  const fieldError = (name: string) => (fields[name] ? errorText(new GatewayError(400, fields[name] as string, null)) : undefined)

  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
      {/* Password managers file the new password under this account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <section className={styles.step} aria-labelledby="setup-step-2">
        <h2 id="setup-step-2" className={styles.stepTitle}>
          {t('setup.step2')}
        </h2>
        <TextField
          label={t('setup.password')}
          hint={t('setup.passwordHint', { count: STAFF_LIMITS.passwordMin })}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={STAFF_LIMITS.passwordMin}
          maxLength={STAFF_LIMITS.passwordMax}
          required
          error={fieldError('password')}
        />
        <TextField label={t('setup.confirm')} name="confirm" type="password" autoComplete="new-password" required error={fieldError('confirm')} />
      </section>
      <section className={styles.step} aria-labelledby="setup-step-3">
        <h2 id="setup-step-3" className={styles.stepTitle}>
          {t('setup.step3')}
        </h2>
        <TextField
          label={t('setup.code')}
          hint={t('setup.codeHint')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          error={fieldError('code')}
        />
      </section>
      <Alert message={message} />
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
        {t('setup.submit')}
      </button>
    </form>
  )
}

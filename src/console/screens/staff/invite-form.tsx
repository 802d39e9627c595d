import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { invite } from '../../../api/console.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import type { FieldErrors } from '../../../../shared/functions/gateway.ts'
import { CONSOLE_LANGUAGES, STAFF_LIMITS } from '../../../../shared/rules/console-access.ts'
import { useConsoleShell } from '../../console-state.ts'
import { htmlLangOf, isConsoleLanguage, nativeNameOf } from '../../i18n.ts'
import { FieldRow } from '../../ui/field-row.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import { AccessFields, accessFromForm } from './access-fields.tsx'
import styles from './staff.module.css'

/** Invites a member: the platform mails them a set-up link (docs/product.md#staff-accounts). */
export function InviteForm({ onDone }: { onDone(message: string): void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState('')
  const [round, setRound] = useState(0)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const access = accessFromForm(form)
    setFields({})
    setMessage('')
    if (!access.roles.length) return setFields({ roles: 'console:errors.rolesRequired' })
    setBusy(true)
    try {
      const email = String(form.get('email') ?? '')
      // The invitee's language, chosen by the inviter (the mail and their console); the inviter's own by default.
      const chosen = String(form.get('language') ?? '')
      await client.call(invite, { email, name: String(form.get('name') ?? ''), ...access, language: isConsoleLanguage(chosen) ? chosen : language })
      // A fresh, empty form for the next invitation.
      setRound((value) => value + 1)
      onDone(t('staff.invited', { email }))
    } catch (error) {
      if (error instanceof GatewayError && Object.keys(error.fields).length) setFields(error.fields)
      else setMessage(errorText(error))
    }
    setBusy(false)
  }
  const fieldError = (name: string) => (fields[name] ? errorText(new GatewayError(400, fields[name] as string, null)) : undefined)

  return (
    <section className={ui.panel} aria-labelledby="invite-title">
      <h2 id="invite-title" className={ui.panelTitle}>
        {t('staff.inviteTitle')}
      </h2>
      <form key={round} className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.twoColumns}>
          <TextField label={t('staff.email')} name="email" type="email" autoComplete="off" required error={fieldError('email')} />
          <TextField label={t('staff.name')} name="name" autoComplete="off" maxLength={STAFF_LIMITS.name} required error={fieldError('name')} />
        </div>
        <FieldRow label={t('staff.language')} hint={t('staff.languageHint')}>
          {(control) => (
            <select {...control} name="language" defaultValue={language}>
              {CONSOLE_LANGUAGES.map((one) => (
                <option key={one} value={one} lang={htmlLangOf(one)}>
                  {nativeNameOf(one)}
                </option>
              ))}
            </select>
          )}
        </FieldRow>
        <AccessFields roles={[]} exhibitionIds={null} rolesError={fieldError('roles')} />
        {message ? (
          <p className={ui.alert} role="alert">
            {message}
          </p>
        ) : null}
        <div>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
            {t('staff.invite')}
          </button>
        </div>
      </form>
    </section>
  )
}

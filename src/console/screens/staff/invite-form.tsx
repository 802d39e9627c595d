import { useTranslation } from 'react-i18next'
import { invite } from '../../../api/console.ts'
import { CONSOLE_LANGUAGES, STAFF_LIMITS } from '../../../../shared/rules/console-access.ts'
import { useConsoleShell } from '../../console-state.ts'
import { htmlLangOf, isConsoleLanguage, nativeNameOf } from '../../i18n.ts'
import { FieldRow } from '../../ui/field-row.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { FormEnd } from '../../ui/form-end.tsx'
import { FormProblems, useFormCall } from '../../ui/use-form-call.ts'
import { AccessFields, accessFromForm } from './access-fields.tsx'
import styles from './staff.module.css'
import { Panel } from '../../ui/panel.tsx'

/** Invites a member: the platform mails them a set-up link (docs/product.md#staff-accounts). */
export function InviteForm({ onDone }: { onDone(message: string): void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  // A fresh, empty form (keyed by the round) for the next invitation.
  const { busy, submit, fieldError, message, round } = useFormCall(
    async (form) => {
      const access = accessFromForm(form)
      if (!access.roles.length) throw new FormProblems({ roles: 'console:errors.rolesRequired' })
      const email = String(form.get('email') ?? '')
      // The invitee's language, chosen by the inviter (the mail and their console); the inviter's own by default.
      const chosen = String(form.get('language') ?? '')
      await client.call(invite, { email, name: String(form.get('name') ?? ''), ...access, language: isConsoleLanguage(chosen) ? chosen : language })
      return email
    },
    (email) => onDone(t('staff.invited', { email })),
  )

  return (
    <Panel title={t('staff.inviteTitle')}>
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
        <FormEnd message={message} busy={busy} save={t('staff.invite')} />
      </form>
    </Panel>
  )
}

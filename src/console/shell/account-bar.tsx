import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { setLanguage, signOut, type StaffMember } from '../../api/console.ts'
import type { ConsoleLanguage } from '../../api/rules/console-access.ts'
import { useConsoleShell } from '../console-state.ts'
import { forgetDoorDevice } from '../lib/door-storage.ts'
import { SIGN_IN_PATH } from '../lib/paths.ts'
import { LanguageSelect } from './language-select.tsx'
import styles from './shell.module.css'

/** The member's name, their UI language (their setting) and sign-out. */
export function AccountBar({ member }: { member: StaffMember }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const [busy, setBusy] = useState(false)

  const changeLanguage = async (next: ConsoleLanguage) => {
    setBusy(true)
    try {
      await client.call(setLanguage, { language: next })
    } finally {
      // The new language's texts come with the page, loaded anew.
      window.location.reload()
    }
  }
  const leave = async () => {
    setBusy(true)
    await client.call(signOut, {}).catch(() => undefined)
    // The door's ticket list and queued scans carry attendees' names: not left on a shared phone.
    await forgetDoorDevice().catch(() => undefined)
    window.location.assign(SIGN_IN_PATH)
  }

  return (
    <div className={styles.account}>
      <LanguageSelect value={language} disabled={busy} onChange={(next) => void changeLanguage(next)} />
      <span className={styles.member} title={member.email}>
        {member.name || member.email}
      </span>
      <button type="button" className={styles.signOut} disabled={busy} onClick={() => void leave()}>
        {t('shell.signOut')}
      </button>
    </div>
  )
}

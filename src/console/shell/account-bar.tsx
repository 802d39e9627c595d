import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { setLanguage, signOut, type StaffMember } from '../../api/console.ts'
import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { useConsoleShell } from '../console-state.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { doorScansWaiting, forgetDoorDevice } from '../lib/door-storage.ts'
import { SIGN_IN_PATH } from '../lib/paths.ts'
import { LanguageSelect } from './language-select.tsx'
import { type SignOutRefusal, SignOutRefused } from './sign-out-refused.tsx'
import styles from './shell.module.css'

/** The member's name, their UI language (their setting) and sign-out. */
export function AccountBar({ member }: { member: StaffMember }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<SignOutRefusal | null>(null)

  const changeLanguage = async (next: ConsoleLanguage) => {
    setBusy(true)
    try {
      await client.call(setLanguage, { language: next })
    } finally {
      // The new language's texts come with the page, loaded anew.
      window.location.reload()
    }
  }
  /**
   * Signs out, unless that would lose the door's scans not yet sent, or leave this phone signed in at
   * the server because it cannot reach it (docs/product.md#checkin): then nothing changes and the
   * member is told why.
   */
  const leave = async () => {
    setBusy(true)
    const doors = await doorScansWaiting()
    if (doors.length) {
      setBusy(false)
      return setRefusal({ reason: 'waiting', doors })
    }
    try {
      await client.call(signOut, {})
    } catch (error) {
      if (error instanceof GatewayError && error.errorCode === 0) {
        setBusy(false)
        return setRefusal({ reason: 'offline' })
      }
      // Any other answer (the session already over, say): this browser forgets it all the same.
    }
    // The door's ticket list carries attendees' names: not left on a shared phone.
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
      {refusal ? <SignOutRefused refusal={refusal} onClose={() => setRefusal(null)} /> : null}
    </div>
  )
}

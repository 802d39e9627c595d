import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DOOR_SEND_EVENT } from '../lib/door-storage.ts'
import { CHECKIN_PATH } from '../lib/paths.ts'
import { Dialog } from '../ui/dialog.tsx'
import ui from '../ui/ui.module.css'

/** Why this phone is not signed out: the door's scans still wait to be sent, or the server cannot be reached. */
export type SignOutRefusal = { reason: 'waiting'; doors: Array<{ exhibitionId: number; title: string; count: number }> } | { reason: 'offline' }

/**
 * Sign-out refused, and why (docs/product.md#checkin): scans made at the door that have not reached
 * the server would be lost, and a phone that cannot reach the server would stay signed in there. In the
 * kit's modal dialog.
 */
export function SignOutRefused({ refusal, onClose }: { refusal: SignOutRefusal; onClose(): void }) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const atDoor = typeof window !== 'undefined' && window.location.pathname === CHECKIN_PATH
  const count = refusal.reason === 'waiting' ? refusal.doors.reduce((sum, door) => sum + door.count, 0) : 0
  const send = () => {
    window.dispatchEvent(new Event(DOOR_SEND_EVENT))
    dialog.current?.close()
  }

  return (
    <Dialog title={t('shell.signOutRefused.title')} width="narrow" onClose={onClose} dialogRef={dialog}>
      {refusal.reason === 'waiting' ? (
        <>
          <p>{t('shell.signOutRefused.waiting', { count })}</p>
          <ul>
            {refusal.doors.map((door) => (
              <li key={door.exhibitionId}>{t('shell.signOutRefused.door', { count: door.count, exhibition: door.title })}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('shell.signOutRefused.offline')}</p>
      )}
      <div className={ui.actions}>
        {refusal.reason === 'waiting' && atDoor && navigator.onLine ? (
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={send}>
            {t('shell.signOutRefused.sendNow')}
          </button>
        ) : null}
        {refusal.reason === 'waiting' && !atDoor ? (
          <Link className={`${ui.button} ${ui.primary}`} to={CHECKIN_PATH} onClick={() => dialog.current?.close()}>
            {t('shell.signOutRefused.openDoor')}
          </Link>
        ) : null}
        <button type="button" className={ui.button} onClick={() => dialog.current?.close()}>
          {t('shell.signOutRefused.close')}
        </button>
      </div>
    </Dialog>
  )
}

import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { startSession } from '../../api/session.ts'
import { type UserInfo, useSite } from '../../app-state.ts'
import { setCurrentUser } from '../account-menu/user-store.ts'
import { useNamespace } from '../account-menu/use-namespace.ts'
import { useToast } from '../toast/toast.tsx'
import { isFromLoginFrame, openNewTarget, parseFrameMessage } from './messages.ts'
import styles from './login-frame.module.css'

interface LoginFrameProps {
  open: boolean
  onClose(): void
  onLoggedIn?(user: UserInfo): void
}

type Phase = 'frame' | 'checking' | 'failed'

/**
 * The login page of the platform in a modal (native <dialog>: focus stays inside, Escape closes,
 * the page behind is inert). docs/product.md#login: `reload` hands the value to the site's server and the user
 * appears without reloading the page; `close` hides the frame; `opennew` navigates the top page
 * with `##` replaced by its address. Messages from any other origin or window, or of another
 * shape, are ignored. The frame loads only when the dialog opens.
 */
export function LoginFrame({ open, onClose, onLoggedIn }: LoginFrameProps) {
  const { t } = useTranslation()
  const site = useSite()
  const toast = useToast()
  const ready = useNamespace('account', open)
  const dialog = useRef<HTMLDialogElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const [phase, setPhase] = useState<Phase>('frame')
  const [attempt, setAttempt] = useState(0)
  const titleId = useId()
  const loginOrigin = new URL(site.config.loginOrigin).origin
  const overlay = phase !== 'frame' && ready

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      setPhase('frame')
      element.showModal()
    }
    if (!open && element.open) element.close()
  }, [open])

  // Latest callbacks without re-subscribing on every render.
  const handlers = useRef({ onClose, onLoggedIn, ready })
  handlers.current = { onClose, onLoggedIn, ready }

  useEffect(() => {
    if (!open) return
    let live = true
    const onMessage = (event: MessageEvent) => {
      if (!isFromLoginFrame(event, loginOrigin, frame.current?.contentWindow)) return
      const message = parseFrameMessage(event.data)
      if (!message) return
      if (message.type === 'close') {
        handlers.current.onClose()
      } else if (message.type === 'opennew') {
        const target = openNewTarget(message.url, window.location.href)
        if (target) window.location.assign(target)
      } else {
        setPhase('checking')
        void startSession(message.cookie).then((user) => {
          if (!live) return
          if (!user) {
            setPhase('failed')
            return
          }
          setCurrentUser(user)
          handlers.current.onClose()
          if (handlers.current.ready) toast.show(t('account:login.welcome', { nick: user.nick }), { tone: 'success' })
          handlers.current.onLoggedIn?.(user)
        })
      }
    }
    window.addEventListener('message', onMessage)
    return () => {
      live = false
      window.removeEventListener('message', onMessage)
    }
  }, [open, loginOrigin, toast, t])

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={() => handlers.current.onClose()}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialog.current) handlers.current.onClose()
      }}
    >
      <h2 id={titleId} className="visually-hidden">
        {t('nav.login')}
      </h2>
      {open ? (
        <div className={styles.box}>
          {overlay ? (
            <div className={styles.state} role={phase === 'failed' ? 'alert' : 'status'}>
              <p>{phase === 'failed' ? t('account:login.failed') : t('account:login.checking')}</p>
              {phase === 'failed' ? (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.primary}
                    onClick={() => {
                      setAttempt((value) => value + 1)
                      setPhase('frame')
                    }}
                  >
                    {t('common.retry')}
                  </button>
                  <button type="button" className={styles.secondary} onClick={() => handlers.current.onClose()}>
                    {t('nav.close')}
                  </button>
                </div>
              ) : null}
            </div>
          ) : null}
          <iframe
            key={attempt}
            ref={frame}
            className={`${styles.frame} ${overlay ? styles.behind : ''}`}
            src={`${loginOrigin}/login?lang=${encodeURIComponent(site.lang)}`}
            title={t('nav.login')}
          />
        </div>
      ) : null}
    </dialog>
  )
}

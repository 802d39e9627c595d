import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { endSession } from '../../api/session.ts'
import type { WaitingWork } from '../../lib/sign-out-guards.ts'
import { useSite } from '../../app-state.ts'
import { ChevronDownIcon } from '../icons/icons.tsx'
import { LoginButton } from '../login-frame/login-button.tsx'
import { useToast } from '../toast/toast.tsx'
import { Avatar } from './avatar.tsx'
import { setCurrentUser, useCurrentUser } from './user-store.ts'
import { useNamespace } from './use-namespace.ts'
import styles from './account-menu.module.css'

/** Shown only when a sign-out is refused: not part of every page's first load. */
const SignOutRefusal = lazy(() => import('./sign-out-refusal.tsx').then(({ SignOutRefusal }) => ({ default: SignOutRefusal })))

/**
 * The header's account area (desktop header and the mobile menu panel show the same slot): the
 * login button for visitors (docs/product.md#login), the user's avatar and nick with "My account" and "Sign out"
 * once logged in.
 */
export function AccountMenu() {
  const user = useCurrentUser()
  if (!user) return <LoginButton className={styles.login} />
  return <UserMenu />
}

function UserMenu() {
  const { t } = useTranslation()
  const site = useSite()
  const user = useCurrentUser()
  const toast = useToast()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const [waiting, setWaiting] = useState<WaitingWork[]>([])
  const ready = useNamespace('account')
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => {
    setOpen(false)
    setWaiting([])
  }, [location.pathname])

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      root.current?.querySelector('button')?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  if (!user) return null

  const signOut = async () => {
    setSigningOut(true)
    // Scans made offline on this device would be lost: refused while any wait (docs/product.md#leads-offline).
    const held = await import('../../lib/sign-out-guards.ts').then(({ workWaiting }) => workWaiting(user.userId)).catch(() => null)
    if (held === null || held.length) {
      setSigningOut(false)
      if (held) setWaiting(held)
      else toast.show(t('account:menu.signOutFailed'), { tone: 'error', duration: 4000 })
      return
    }
    const done = await endSession()
    setSigningOut(false)
    if (!done) {
      toast.show(t('account:menu.signOutFailed'), { tone: 'error', duration: 4000 })
      return
    }
    setOpen(false)
    setCurrentUser(null)
    toast.show(t('account:menu.signedOut'), { tone: 'success' })
  }

  return (
    <div className={styles.menu} ref={root}>
      <button type="button" className={styles.trigger} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        <Avatar user={user} size="small" />
        <span className={styles.nick} data-testid="account-nick">
          {user.nick}
        </span>
        <span className="visually-hidden">{t('nav.account')}</span>
        <ChevronDownIcon size={16} />
      </button>
      <div id={menuId} className={styles.dropdown} hidden={!open || !ready}>
        {ready ? (
          <ul className={styles.list}>
            <li>
              <Link to={`/${site.lang}/info.html`} className={styles.item} onClick={() => setOpen(false)}>
                {t('nav.account')}
              </Link>
            </li>
            <li>
              <button type="button" className={styles.item} onClick={signOut} disabled={signingOut}>
                {t('account:menu.signOut')}
              </button>
            </li>
            {waiting.length ? (
              <li>
                <Suspense fallback={null}>
                  <SignOutRefusal waiting={waiting} onLeave={() => setOpen(false)} />
                </Suspense>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </div>
  )
}

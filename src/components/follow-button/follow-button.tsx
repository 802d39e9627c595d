import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FollowKind } from '../../../shared/rules/accounts.ts'
import { useNamespace } from '../account-menu/use-namespace.ts'
import styles from './follow-button.module.css'
import { useFollow } from './use-follow.ts'

const LoginFrame = lazy(() => import('../login-frame/login-frame.tsx').then((module) => ({ default: module.LoginFrame })))

interface FollowButtonProps {
  kind: FollowKind
  /** An exhibition id, or a broker's trader code. */
  id: string
  /** Read by screen readers after the verb, e.g. the exhibition's title. */
  label?: string
}

/**
 * Follow or unfollow an exhibition or a broker (docs/product.md#endpoints attentionevaluation), with
 * its follower count. A visitor who presses it logs in through the frame first, and the follow then
 * happens. Everything here is read in the browser, so the page around it stays cacheable.
 */
export function FollowButton({ kind, id, label }: FollowButtonProps) {
  const ready = useNamespace('account')
  const { t } = useTranslation('account')
  const button = useRef<HTMLButtonElement>(null)
  const { user, state, busy, change } = useFollow(kind, id, button)
  const [loginOpen, setLoginOpen] = useState(false)
  const [loginWanted, setLoginWanted] = useState(false)

  if (!ready) return <span className={styles.placeholder} />
  const following = Boolean(user && state?.following)
  return (
    <span className={styles.wrap}>
      <button
        ref={button}
        type="button"
        className={following ? styles.following : styles.follow}
        aria-pressed={user ? following : undefined}
        aria-haspopup={user ? undefined : 'dialog'}
        aria-describedby={state ? `followers-${kind}-${id}` : undefined}
        disabled={busy}
        onClick={() => {
          if (user) return void change(!following)
          setLoginWanted(true)
          setLoginOpen(true)
        }}
      >
        {following ? t('follow.following') : t('follow.follow')}
        {label ? <span className="visually-hidden">{` ${label}`}</span> : null}
      </button>
      {state ? (
        <span id={`followers-${kind}-${id}`} className={styles.count} aria-live="polite">
          {t('follow.followers', { count: state.followers })}
        </span>
      ) : null}
      {loginWanted ? (
        <Suspense fallback={null}>
          <LoginFrame
            open={loginOpen}
            onClose={() => {
              setLoginOpen(false)
              if (button.current?.isConnected) button.current.focus()
            }}
            onLoggedIn={() => void change(true)}
          />
        </Suspense>
      ) : null}
    </span>
  )
}

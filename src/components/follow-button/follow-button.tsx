import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FollowState, followStatus, setFollow } from '../../api/accounts.ts'
import type { FollowKind } from '../../api/rules/accounts.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { useGateway } from '../../app-state.ts'
import { setCurrentUser, useCurrentUser } from '../account-menu/user-store.ts'
import { useNamespace } from '../account-menu/use-namespace.ts'
import { useToast } from '../toast/toast.tsx'
import styles from './follow-button.module.css'

const LoginFrame = lazy(() => import('../login-frame/login-frame.tsx').then((module) => ({ default: module.LoginFrame })))

interface FollowButtonProps {
  kind: FollowKind
  /** An exhibition id, or a broker's trader code. */
  id: string
  /** Read by screen readers after the verb, e.g. the exhibition's title. */
  label?: string
}

/**
 * Follow or unfollow an exhibition or a broker (docs/product.md#endpoints attentionevaluation). A visitor who presses
 * it logs in through the frame first, and the follow then happens. The state is read in the
 * browser, so the page around it stays cacheable.
 */
export function FollowButton({ kind, id, label }: FollowButtonProps) {
  const ready = useNamespace('account')
  const { t } = useTranslation('account')
  const gateway = useGateway()
  const toast = useToast()
  const user = useCurrentUser()
  const [state, setState] = useState<FollowState | null>(null)
  const [busy, setBusy] = useState(false)
  const [loginOpen, setLoginOpen] = useState(false)
  const [loginWanted, setLoginWanted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const userId = user?.userId ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: the state is per user
  useEffect(() => {
    let live = true
    gateway.call(followStatus, { kind, ids: [id] }).then(
      (result) => {
        if (live) setState(result.items[0] ?? null)
      },
      () => {
        if (live) setState(null)
      },
    )
    return () => {
      live = false
    }
  }, [gateway, kind, id, userId])

  const change = useCallback(
    async (follow: boolean) => {
      setBusy(true)
      try {
        const next = await gateway.call(setFollow, { kind, id, follow })
        setState(next)
        toast.show(t(next.following ? 'follow.followed' : 'follow.unfollowed'), { tone: 'success', anchor: button.current })
      } catch (failure) {
        const gatewayError = failure instanceof GatewayError ? failure : null
        if (gatewayError?.errorCode === 401) setCurrentUser(null)
        const params = (gatewayError?.body as { data?: Record<string, unknown> } | undefined)?.data ?? {}
        toast.show(t(gatewayError?.code ?? 'errors.unexpected', params), { tone: 'error', duration: 4000, anchor: button.current })
      } finally {
        setBusy(false)
      }
    },
    [gateway, kind, id, t, toast],
  )

  if (!ready) return <span className={styles.placeholder} />
  const following = Boolean(user && state?.following)
  return (
    <>
      <button
        ref={button}
        type="button"
        className={following ? styles.following : styles.follow}
        aria-pressed={user ? following : undefined}
        aria-haspopup={user ? undefined : 'dialog'}
        disabled={busy}
        onClick={() => {
          if (user) return void change(!following)
          setLoginWanted(true)
          setLoginOpen(true)
        }}
      >
        {following ? t('follow.following') : t('follow.follow')}
        {label ? <span className="visually-hidden">{` ${label}`}</span> : null}
        {state && state.followers > 0 ? <span className={styles.count}>{t('follow.followers', { count: state.followers })}</span> : null}
      </button>
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
    </>
  )
}

import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FollowState, followStatus, setFollow } from '../../api/accounts.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import type { FollowKind } from '../../../shared/rules/accounts.ts'
import { useGateway } from '../../app-state.ts'
import { setCurrentUser, useCurrentUser } from '../account-menu/user-store.ts'
import { useToast } from '../toast/toast.tsx'

/** What the visitor sees the moment they press: the new state and the count moved by one. */
export function optimisticFollow(state: FollowState | null, follow: boolean, kind: FollowKind, id: string): FollowState {
  const followers = state?.followers ?? 0
  if (state?.following === follow) return state
  return { kind, id, following: follow, followers: Math.max(0, followers + (follow ? 1 : -1)) }
}

/**
 * The follow state of one exhibition or broker for the current visitor, read in the browser after
 * hydration (the page around it is cached and shared, so it never carries a personal state).
 * A change shows at once and is rolled back when the platform refuses it.
 */
export function useFollow(kind: FollowKind, id: string, anchor: RefObject<HTMLElement | null>) {
  const { t } = useTranslation('account')
  const gateway = useGateway()
  const toast = useToast()
  const user = useCurrentUser()
  const [state, setState] = useState<FollowState | null>(null)
  const [busy, setBusy] = useState(false)
  const current = useRef(state)
  current.current = state
  const userId = user?.userId ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: the state is per user, so it is read again when the user changes
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
      const before = current.current
      setState(optimisticFollow(before, follow, kind, id))
      setBusy(true)
      try {
        const next = await gateway.call(setFollow, { kind, id, follow })
        setState(next)
        toast.show(t(next.following ? 'follow.followed' : 'follow.unfollowed'), { tone: 'success', anchor: anchor.current })
      } catch (failure) {
        setState(before)
        const gatewayError = failure instanceof GatewayError ? failure : null
        if (gatewayError?.errorCode === 401) setCurrentUser(null)
        const params = (gatewayError?.body as { data?: Record<string, unknown> } | undefined)?.data ?? {}
        toast.show(t(gatewayError?.code ?? 'errors.unexpected', params), { tone: 'error', duration: 4000, anchor: anchor.current })
      } finally {
        setBusy(false)
      }
    },
    [gateway, kind, id, t, toast, anchor],
  )

  return { user, state, busy, change }
}

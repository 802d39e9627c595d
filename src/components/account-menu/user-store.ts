import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useRevalidator } from 'react-router'
import { type SiteState, type UserInfo, useSite } from '../../app-state.ts'

/**
 * Who is logged in, as the page knows it now. The server renders with `site.user` (the login
 * cookie's user, docs/product.md#login); in the browser a login through the frame or a logout changes it without
 * reloading the page, and other tabs of the site hear of it. Only ever written in the browser, so
 * nothing of one visitor is kept between server requests.
 */
type Snapshot = { user: UserInfo | null } | null

let snapshot: Snapshot = null
const listeners = new Set<() => void>()
let channel: BroadcastChannel | null = null
const CHANNEL_NAME = 'expo-account'

function emit() {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME)
    channel.onmessage = (event: MessageEvent<{ user?: UserInfo | null }>) => {
      if (!event.data || !('user' in event.data)) return
      snapshot = { user: event.data.user ?? null }
      emit()
    }
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** After a login or logout in this page: every component showing the user updates, so do other tabs. */
export function setCurrentUser(user: UserInfo | null): void {
  if (typeof window === 'undefined') return
  snapshot = { user }
  emit()
  channel?.postMessage({ user })
}

/** The current user outside React (loaders): the page's own knowledge first, then the server's. */
export function currentUser(site: SiteState): UserInfo | null {
  return snapshot ? snapshot.user : site.user
}

export function useCurrentUser(): UserInfo | null {
  const site = useSite()
  // The server snapshot is null, so hydration renders exactly what the server did (site.user).
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => null,
  )
  return current ? current.user : site.user
}

/**
 * A sign-in or sign-out in this page (the login frame, the header) or in another tab loads the page's
 * data again for whoever is signed in now: an order screen, the exhibitor area, the lead list.
 */
export function useReloadWhenUserChanges(): void {
  const userId = useCurrentUser()?.userId ?? null
  const revalidator = useRevalidator()
  const shown = useRef(userId)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the user changes
  useEffect(() => {
    if (userId === shown.current) return
    shown.current = userId
    void revalidator.revalidate()
  }, [userId])
}

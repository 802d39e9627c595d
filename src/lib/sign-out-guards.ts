/**
 * What signing out asks of the features that keep data on this device (docs/product.md#leads-offline):
 * whether work made offline still waits for the server (then sign-out is refused: it would be lost),
 * and, once signing out, to forget what they kept for this account. The header and the account page
 * consult this list, never the features themselves; each feature loads only when asked.
 */
export interface WaitingWork {
  /** Scans (or other work) not yet sent. */
  count: number
  /** Where the member sends them, relative to /{lang}/. */
  path: string
}

export interface SignOutGuard {
  waiting?(accountId: string): Promise<WaitingWork[]>
  forget(): Promise<void>
}

/**
 * `holds`: whether the feature can hold a sign-out back. The check loads only those: it must answer on
 * a phone without network, where only what a feature kept for offline use can be loaded.
 */
const GUARDS: ReadonlyArray<{ holds: boolean; load: () => Promise<SignOutGuard> }> = [
  { holds: false, load: () => import('./my-tickets-offline.ts').then(({ forgetMyTickets }) => ({ forget: forgetMyTickets })) },
  { holds: true, load: () => import('./leads-offline/guard.ts').then(({ leadsGuard }) => leadsGuard) },
]

/** Work made on this device that has not reached the server, for this account. */
export async function workWaiting(accountId: string): Promise<WaitingWork[]> {
  const found = await Promise.all(
    GUARDS.filter((guard) => guard.holds).map(async ({ load }) => {
      const guard = await load()
      return guard.waiting ? guard.waiting(accountId) : []
    }),
  )
  return found.flat()
}

/** Everything the features kept on this device for the account signing out, gone. */
export async function forgetThisDevice(): Promise<void> {
  await Promise.all(
    GUARDS.map(({ load }) =>
      load()
        .then((guard) => guard.forget())
        .catch(() => undefined),
    ),
  )
}

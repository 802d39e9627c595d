import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSite } from '../../../app-state.ts'
import { forgetMyTickets, keepMyTicketsOffline, savedCopyTime } from '../../../lib/my-tickets-offline.ts'
import { checkoutStyles as ui } from '../checkout-page.tsx'

/**
 * Keeps the order page being read for offline use while a buyer is signed in, and forgets every
 * copy when the page is shown to nobody signed in (a session that ended elsewhere).
 */
export function useMyTicketsOffline(signedIn: boolean, pageKey: string): void {
  const site = useSite()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page shown (pageKey names it)
  useEffect(() => {
    // Without network the worker cannot be updated nor the page fetched: nothing is lost by failing.
    ;(signedIn ? keepMyTicketsOffline(site.lang) : forgetMyTickets()).catch(() => undefined)
  }, [signedIn, site.lang, pageKey])
}

/** "Offline — saved copy from <time>" when the page on screen is the copy the worker kept. */
export function SavedCopyNote() {
  const { t } = useTranslation('tickets')
  const site = useSite()
  const [savedAt, setSavedAt] = useState<string | null>(null)
  // Read after hydration: the server's page never has the mark, the copy served offline does.
  useEffect(() => setSavedAt(savedCopyTime()), [])
  if (!savedAt || Number.isNaN(Date.parse(savedAt))) return null
  const time = new Intl.DateTimeFormat(site.htmlLang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(savedAt))
  return (
    <p className={`${ui.notice} ${ui.noticeWarn}`} role="status" data-testid="saved-copy">
      {t('offline.savedCopy', { time })}
    </p>
  )
}

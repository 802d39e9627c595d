import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleShell } from '../console-state.ts'
import { misplacedOrigin } from '../lib/origin.ts'

/** Where the page should be instead, known only in the browser (the server renders for any Host). */
export function useMisplacedOrigin(): string | null {
  const { site } = useConsoleShell()
  const [origin, setOrigin] = useState<string | null>(null)
  useEffect(() => {
    setOrigin(misplacedOrigin(window.location.origin, site.config.publicOrigin))
  }, [site.config.publicOrigin])
  return origin
}

/** Says, before anything is tried, that this address cannot work and which one does. */
export function OriginNotice() {
  const { t } = useTranslation()
  const origin = useMisplacedOrigin()
  if (!origin) return null
  const here = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`
  return (
    <div className="console-origin-notice" role="alert">
      {t('origin.wrong', { origin })} <a href={`${origin}${here}`}>{t('origin.open', { origin })}</a>
    </div>
  )
}

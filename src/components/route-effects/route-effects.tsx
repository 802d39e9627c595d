import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useMatches, useNavigation, useParams } from 'react-router'
import { useSite } from '../../app-state.ts'
import { CONSENT_COOKIE, loadScript, planAnalytics, reportPageView } from '../../lib/analytics.ts'
import { useDelayedLoading } from '../../lib/loading-delay.ts'
import { useVisitorGeo } from '../../lib/visitor-country.ts'
import styles from './route-effects.module.css'

/** docs/product.md#route-change: the route context (route, params, query) of the page being shown. */
export function useRouteContext() {
  const matches = useMatches()
  const params = useParams()
  const location = useLocation()
  return { route: matches.at(-1)?.id ?? '', params, query: new URLSearchParams(location.search) }
}

function readConsent(): 'granted' | 'denied' | null {
  const value = document.cookie.match(new RegExp(`(?:^|; )${CONSENT_COOKIE}=([^;]*)`))?.[1]
  return value === 'granted' || value === 'denied' ? value : null
}

/**
 * After each route change (docs/product.md#route-change): the route context refreshes, a page view is reported, and focus
 * moves to the new page's heading so screen readers announce it. Also the navigation progress bar
 * (shown only after 200 ms, docs/product.md#limits) and the analytics and tag scripts.
 */
export function RouteEffects() {
  const { t } = useTranslation()
  const site = useSite()
  const location = useLocation()
  const navigation = useNavigation()
  const context = useRouteContext()
  const loading = useDelayedLoading(navigation.state !== 'idle')
  const previousPath = useRef<string | null>(null)
  const country = useVisitorGeo()
  const [consent, setConsent] = useState<'granted' | 'denied' | null | undefined>(undefined)

  useEffect(() => {
    setConsent(readConsent())
  }, [])

  useEffect(() => {
    const first = previousPath.current === null
    const pathChanged = previousPath.current !== location.pathname
    previousPath.current = location.pathname
    if (!pathChanged) return
    reportPageView(location.pathname + location.search, document.title)
    if (first) return
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main')
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
    }
    // context.route is read so the refreshed context is part of this step, as the spec orders it.
    void context.route
  }, [location.pathname, location.search, context.route])

  const { analyticsScriptUrl, tagScriptUrl } = site.config
  const configured = Boolean(analyticsScriptUrl || tagScriptUrl)
  // Decide once both the stored choice and the visitor's country are known.
  const plan =
    !configured || consent === undefined || country === undefined
      ? null
      : planAnalytics({ analyticsUrl: analyticsScriptUrl, tagUrl: tagScriptUrl, country, consent })
  const loadAnalytics = Boolean(plan?.analytics)
  const loadTags = Boolean(plan?.tags)
  useEffect(() => {
    if (loadAnalytics && analyticsScriptUrl) loadScript(analyticsScriptUrl)
    if (loadTags && tagScriptUrl) loadScript(tagScriptUrl)
  }, [loadAnalytics, loadTags, analyticsScriptUrl, tagScriptUrl])

  const decide = (value: 'granted' | 'denied') => {
    document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=31536000; Path=/; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`
    setConsent(value)
  }

  return (
    <>
      <div className={`${styles.progress} ${loading ? styles.visible : ''}`} aria-hidden="true" />
      <p className="visually-hidden" aria-live="polite">
        {loading ? t('common.loading') : ''}
      </p>
      {plan?.askConsent ? (
        <section className={styles.consent} aria-label={t('consent.title')}>
          <p className={styles.consentText}>
            {t('consent.text')} <a href={`/${site.lang}/legal/privacy.html`}>{t('consent.privacy')}</a>
          </p>
          <div className={styles.consentActions}>
            <button type="button" className={styles.decline} onClick={() => decide('denied')}>
              {t('consent.decline')}
            </button>
            <button type="button" className={styles.accept} onClick={() => decide('granted')}>
              {t('consent.accept')}
            </button>
          </div>
        </section>
      ) : null}
    </>
  )
}

import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useSite } from '../../app-state.ts'
import styles from './load-failed.module.css'

/**
 * docs/product.md#chunk-reload: the page's code failed to load again right after a reload. Instead
 * of reloading in a loop, say so and offer a full load of the same address.
 */
export function LoadFailedPage() {
  const { t } = useTranslation()
  const site = useSite()
  const location = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  // It replaces the page the visitor was leaving, so it is announced as a new page would be.
  useEffect(() => heading.current?.focus(), [])
  return (
    <main className={styles.page} id="main">
      <title>{`${t('errorPage.loadFailed.title')} | ${site.config.brandName}`}</title>
      <meta name="robots" content="noindex" />
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {t('errorPage.loadFailed.title')}
      </h1>
      <p className={styles.text}>{t('errorPage.loadFailed.text')}</p>
      {/* A plain link: the router must not handle it, a full load fetches the current files. */}
      <a className={styles.retry} href={`${location.pathname}${location.search}${location.hash}`}>
        {t('errorPage.loadFailed.retry')}
      </a>
      <a className={styles.home} href={`/${site.lang}`}>
        {t('errorPage.backHome')}
      </a>
    </main>
  )
}

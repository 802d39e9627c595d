import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { unsubscribePath } from '../../../shared/rules/messages.ts'
import { useSite } from '../../app-state.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import styles from './unsubscribe.module.css'

/** What the page says after its own form post (server/platform/messages/unsubscribe.routes.ts). */
const OUTCOMES = ['done', 'invalid', 'failed'] as const

/**
 * The unsubscribe link of a marketing mail (docs/product.md#unsubscribe). Opening it changes nothing
 * (mail scanners open links): it asks, and the button posts to the same address, which unsubscribes
 * and comes back here with the outcome. Mail apps post there directly (RFC 8058 one-click).
 */
export function Component() {
  const { t } = useTranslation('unsubscribe')
  const site = useSite()
  const { token = '' } = useParams()
  const [query] = useSearchParams()
  const outcome = OUTCOMES.find((name) => query.get(name) === '1')
  const brand = site.config.brandName
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('page.title')} description={t('page.lead', { brand })} noindex />
      <div className={`container ${styles.inner}`}>
        <section className={styles.card} aria-labelledby="unsubscribe-title">
          <h1 id="unsubscribe-title" className={styles.title}>
            {t('page.title')}
          </h1>
          {outcome === 'done' ? (
            <p className={styles.text} role="status">
              {t('page.done', { brand })}
            </p>
          ) : outcome === 'invalid' ? (
            <p className={styles.text} role="alert">
              {t('page.invalid')}
            </p>
          ) : (
            <>
              {outcome === 'failed' ? (
                <p className={styles.text} role="alert">
                  {t('page.failed')}
                </p>
              ) : null}
              <p className={styles.text}>{t('page.lead', { brand })}</p>
              <form method="post" action={unsubscribePath(site.lang, token)}>
                <input type="hidden" name="List-Unsubscribe" value="One-Click" />
                <input type="hidden" name="from" value="page" />
                <button type="submit" className={styles.primary}>
                  {t('page.button')}
                </button>
              </form>
            </>
          )}
          <Link className={styles.secondary} to={`/${site.lang}`}>
            {t('page.home')}
          </Link>
        </section>
      </div>
    </main>
  )
}

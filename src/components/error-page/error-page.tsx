import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import styles from './error-page.module.css'

/** docs/product.md#error-pages: a title, a text and a button back to the home of the current language. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation()
  const site = useSite()
  const kind = status === 404 ? 'notFound' : status === 429 ? 'rateLimited' : status === 503 ? 'unavailable' : status >= 500 ? 'server' : 'client'
  return (
    <main className={styles.page} id="main">
      <title>{`${t(`errorPage.${kind}.title`)} | ${site.config.brandName}`}</title>
      <meta name="robots" content="noindex" />
      <p className={styles.status} aria-hidden="true">
        {status}
      </p>
      <h1 className={styles.title}>{t(`errorPage.${kind}.title`)}</h1>
      <p className={styles.text}>{t(`errorPage.${kind}.text`)}</p>
      <a className={styles.home} href={`/${site.lang}`}>
        {t('errorPage.backHome')}
      </a>
    </main>
  )
}

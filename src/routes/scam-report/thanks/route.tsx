import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { isReference } from '../../../../shared/rules/scam-reports.ts'
import { useSite } from '../../../app-state.ts'
import { PageMeta } from '../../../components/page-meta/page-meta.tsx'
import styles from '../scam-report.module.css'

/** The reference the report was given; any other address is the site's 404. */
export function loader(args: LoaderFunctionArgs): { reference: string } {
  const reference = new URL(args.request.url).searchParams.get('ref') ?? ''
  if (!isReference(reference)) throw data(null, { status: 404 })
  return { reference }
}

/** The thank-you page of a scam report (docs/product.md#scam-reports): the reference to quote. */
export function Component() {
  const { t } = useTranslation('verify')
  const site = useSite()
  const { reference } = useLoaderData() as { reference: string }
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('scam:scamReport.thanks.title')} description={t('scam:scamReport.meta.description')} noindex />
      <div className={`container ${styles.inner}`}>
        <section className={styles.card} aria-labelledby="report-thanks">
          <h1 id="report-thanks" ref={heading} tabIndex={-1} className={styles.cardTitle}>
            {t('scam:scamReport.thanks.title')}
          </h1>
          <p className={styles.text}>{t('scam:scamReport.thanks.reference')}</p>
          <p className={styles.reference} data-testid="report-reference">
            {reference}
          </p>
          <p className={styles.text}>{t('scam:scamReport.thanks.text')}</p>
          <Link className={styles.link} to={`/${site.lang}/verify.html`}>
            {t('scam:scamReport.thanks.back')}
          </Link>
        </section>
      </div>
    </main>
  )
}

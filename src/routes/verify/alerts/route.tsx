import { useTranslation } from 'react-i18next'
import { data, Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { GatewayError } from '../../../api/gateway-error.ts'
import { type ScamAlert, scamAlerts } from '../../../api/verification.ts'
import { useSite } from '../../../app-state.ts'
import { PageMeta } from '../../../components/page-meta/page-meta.tsx'
import { dateFormat } from '../../../i18n/intl.ts'
import { ALERT_LIMITS } from '../../../../shared/rules/verification.ts'
import { loaderContextOf } from '../../route-kit.ts'
import { KindIcon } from '../verify-icons.tsx'
import page from '../verify.module.css'
import styles from './alerts.module.css'

interface AlertsData {
  q: string
  /** Whether this is a later page (the keyset cursor was in the address). */
  older: boolean
  items: ScamAlert[]
  next: string | null
}

const CURSOR = /^\d{1,15}\.\d{1,10}$/

/** One page of the live alerts (docs/product.md#scam-alerts), searched by `?q=`, continued by `?before=`. */
export async function loader(args: LoaderFunctionArgs): Promise<AlertsData> {
  const { gateway } = loaderContextOf(args)
  const params = new URL(args.request.url).searchParams
  const q = (params.get('q') ?? '').trim().slice(0, ALERT_LIMITS.search)
  const before = params.get('before') ?? ''
  try {
    const result = await gateway.call(scamAlerts, { q, ...(CURSOR.test(before) ? { before } : {}) })
    return { q, older: CURSOR.test(before), ...result }
  } catch (caught) {
    // A search the platform refuses (a control character pasted into it) is the visitor's to correct.
    if (caught instanceof GatewayError && caught.errorCode === 400) throw data(null, { status: 400 })
    throw caught
  }
}

function AlertCard({ alert }: { alert: ScamAlert }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const day = dateFormat(site.htmlLang, { dateStyle: 'long', timeZone: 'UTC' })
  const date = (iso: string) => day.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`))
  const type = t(`types.${alert.kind}`)
  return (
    <li className={styles.alert}>
      <article aria-labelledby={`alert-${alert.id}`}>
        <p className={styles.kind}>
          <KindIcon kind={alert.kind} size={20} />
          <span>{type}</span>
        </p>
        <h2 id={`alert-${alert.id}`} className={styles.value}>
          <code translate="no">{alert.display}</code>
        </h2>
        <p className={styles.summary}>{alert.summary}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('alerts.impersonates')}</dt>
            <dd>{alert.impersonates?.name ?? site.config.brandName}</dd>
          </div>
          <div>
            <dt>{t('alerts.firstSeen')}</dt>
            <dd>{date(alert.firstSeen)}</dd>
          </div>
          <div>
            <dt>{t('alerts.published')}</dt>
            <dd>{date(alert.publishedAt)}</dd>
          </div>
        </dl>
      </article>
    </li>
  )
}

/** The public list of confirmed scam channels, newest first; works without JavaScript (GET form, links). */
export function Component() {
  const { t } = useTranslation('verify')
  const site = useSite()
  const { q, older, items, next } = useLoaderData() as AlertsData
  const brand = site.config.brandName
  const path = `/${site.lang}/verify/alerts.html`
  const olderHref = next ? `${path}?${new URLSearchParams({ ...(q ? { q } : {}), before: next })}` : null
  return (
    <main id="main" className={page.page}>
      <PageMeta title={t('alerts.title')} description={t('alerts.lead', { brand })} />
      <link rel="alternate" type="application/rss+xml" title={t('alerts.feedTitle', { brand })} href={`/${site.lang}/verify/alerts.rss`} />
      <section className={page.hero} aria-labelledby="alerts-title">
        <div className={page.heroInner}>
          <p className={page.eyebrow}>{t('hero.eyebrow')}</p>
          <h1 id="alerts-title" className={page.heroTitle}>
            {t('alerts.title')}
          </h1>
          <p className={page.heroText}>{t('alerts.lead', { brand })}</p>
        </div>
      </section>
      <div className={styles.body}>
        <Form method="get" action={path} role="search" className={styles.search}>
          <label htmlFor="alerts-q" className={styles.searchLabel}>
            {t('alerts.search')}
          </label>
          <p id="alerts-q-hint" className={styles.hint}>
            {t('alerts.searchHint')}
          </p>
          <div className={styles.searchRow}>
            <input id="alerts-q" name="q" type="search" defaultValue={q} maxLength={ALERT_LIMITS.search} aria-describedby="alerts-q-hint" autoComplete="off" />
            <button type="submit">{t('alerts.searchButton')}</button>
          </div>
        </Form>
        <p className={styles.links}>
          <Link to={`/${site.lang}/verify.html`}>{t('alerts.check')}</Link>
          <a href={`/${site.lang}/verify/alerts.rss`}>{t('alerts.feed')}</a>
        </p>
        {items.length ? (
          <ol className={styles.list} aria-label={t('alerts.listLabel')}>
            {items.map((alert) => (
              <AlertCard key={alert.id} alert={alert} />
            ))}
          </ol>
        ) : (
          <p className={styles.empty}>{q ? t('alerts.noMatch', { q }) : t('alerts.empty')}</p>
        )}
        {olderHref || older ? (
          <nav className={styles.pager} aria-label={t('alerts.pages')}>
            {older ? <Link to={q ? `${path}?${new URLSearchParams({ q })}` : path}>{t('alerts.newest')}</Link> : null}
            {olderHref ? (
              <Link to={olderHref} rel="next">
                {t('alerts.older')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </main>
  )
}

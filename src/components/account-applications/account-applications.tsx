import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type MyApplication, myApplications } from '../../api/applications.ts'
import { boothDimensions, personName } from '../../../shared/rules/applications.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { useNamespace } from '../account-menu/use-namespace.ts'
import frame from '../account-section/account-section.module.css'
import styles from './account-applications.module.css'
import { dateFormat } from '../../i18n/intl.ts'

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; items: MyApplication[] }

/**
 * "My applications" on the account page (docs/product.md#routes /{lang}/info.html): the logged-in user's
 * exhibitor and attendee applications with their review status. Personal, so it is fetched in the
 * browser after the page has loaded; it brings its own translations (the `apply` namespace), so the
 * account page needs nothing but `<AccountApplications />`.
 */
export function AccountApplications() {
  const gateway = useGateway()
  const stringsReady = useNamespace('apply')
  const [state, setState] = useState<State>({ kind: 'loading' })

  const load = useCallback(() => {
    setState({ kind: 'loading' })
    gateway.call(myApplications, {}).then(
      (result) => setState({ kind: 'ready', items: result.items }),
      () => setState({ kind: 'failed' }),
    )
  }, [gateway])
  useEffect(load, [load])

  // Server HTML and the first browser render are the same empty frame: nothing personal, no mismatch.
  if (!stringsReady) return <section className={frame.section} aria-busy="true" />
  return <ApplicationsList state={state} onRetry={load} />
}

function ApplicationsList({ state, onRetry }: { state: State; onRetry(): void }) {
  const { t } = useTranslation('apply')
  const site = useSite()
  return (
    <section className={frame.section} aria-labelledby="account-applications-title" aria-busy={state.kind === 'loading'}>
      <div className={frame.head}>
        <h2 id="account-applications-title" className={frame.title}>
          {t('account.title')}
        </h2>
        <Link className={frame.headLink} to={`/${site.lang}/apply`}>
          {t('account.apply')}
        </Link>
      </div>
      {state.kind === 'loading' ? <p className={frame.note}>{t('account.loading')}</p> : null}
      {state.kind === 'failed' ? (
        <div className={frame.note} role="alert">
          <p>{t('account.failed')}</p>
          <button type="button" className={frame.retry} onClick={onRetry}>
            {t('account.retry')}
          </button>
        </div>
      ) : null}
      {state.kind === 'ready' && state.items.length === 0 ? <p className={frame.note}>{t('account.empty')}</p> : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        <ul className={`${frame.list} ${styles.twoColumns}`}>
          {state.items.map((item) => (
            <ApplicationItem key={item.reference} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function ApplicationItem({ item }: { item: MyApplication }) {
  const { t } = useTranslation('apply')
  const site = useSite()
  const dates = formatRange(site.htmlLang, item.exhibition.startsAt, item.exhibition.endsAt, item.exhibition.timeZone)
  const submitted = dateFormat(site.htmlLang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.submittedAt))
  const decided = item.decidedAt ? dateFormat(site.htmlLang, { dateStyle: 'medium' }).format(new Date(item.decidedAt)) : null
  const who =
    item.kind === 'exhibitor'
      ? [
          item.companyName,
          item.boothSize === 'custom'
            ? `${t('account.booth')}: ${boothDimensions(item.boothWidth, item.boothDepth)}`
            : item.boothSize
              ? `${t('account.booth')}: ${t(`booth.${item.boothSize}`)}`
              : null,
        ]
      : [personName(site.locale, item.givenName ?? '', item.surname ?? ''), item.position]
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span className={styles.kind}>{t(`account.kind.${item.kind}`)}</span>
        <span className={`${styles.status} ${styles[item.status]}`}>{t(`account.status.${item.status}`)}</span>
      </div>
      <h3 className={styles.exhibition}>
        <Link to={`/${site.lang}/backDetail/${item.exhibition.id}`}>{item.exhibition.title}</Link>
      </h3>
      <p className={styles.meta}>
        {item.exhibition.city} · {dates}
      </p>
      <p className={styles.who}>{who.filter(Boolean).join(' · ')}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('account.reference')}</dt>
          <dd className={styles.reference}>{item.reference}</dd>
        </div>
        <div>
          <dt>{t('account.submitted')}</dt>
          <dd>{submitted}</dd>
        </div>
      </dl>
      {item.note ? (
        <div className={styles.organiserNote}>
          <p className={styles.noteTitle}>{t('account.note')}</p>
          <p className={styles.noteText}>{item.note}</p>
          {decided ? <p className={styles.meta}>{t('account.decided', { date: decided })}</p> : null}
        </div>
      ) : null}
    </li>
  )
}

function formatRange(locale: string, startsAt: string, endsAt: string, timeZone: string): string {
  try {
    return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone }).formatRange(new Date(startsAt), new Date(endsAt))
  } catch {
    return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).formatRange(new Date(startsAt), new Date(endsAt))
  }
}

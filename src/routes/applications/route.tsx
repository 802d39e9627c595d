import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, type ShouldRevalidateFunction, useLoaderData, useMatches, useRevalidator, useSearchParams } from 'react-router'
import { applicantDefaults, type OpenExhibition, openExhibitions } from '../../api/applications.ts'
import { useSite } from '../../app-state.ts'
import { currentUser } from '../../components/account-menu/user-store.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loaderContextOf, type ScreenHandle } from '../route-kit.ts'
import styles from './apply.module.css'
import { ApplicationForm } from './application-form.tsx'
import { ATTENDEE, EXHIBITOR } from './application-kinds.ts'
import type { ExhibitionChoice } from './form-parts.tsx'
import { ApplyTabs, panelId, TABS, type Tab, tabId, tabOf } from './tabs.tsx'
import { dateFormat } from '../../i18n/intl.ts'

interface Choice extends ExhibitionChoice {
  slug: string
}

export interface ApplyData {
  /** null: the list could not be loaded. */
  exhibitions: Choice[] | null
  /** The logged-in visitor's address; '' otherwise. Only ever set on pages that are not cached. */
  email: string
}

function formatDates(exhibition: OpenExhibition, locale: string): string {
  const start = new Date(exhibition.startsAt)
  const end = new Date(exhibition.endsAt)
  try {
    return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: exhibition.timeZone }).formatRange(start, end)
  } catch {
    return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).formatRange(start, end)
  }
}

/**
 * The open exhibitions (shared by every visitor, so the page can be cached) and, for a logged-in
 * visitor only, their e-mail address (their page is never cached: SiteState.user makes it private).
 * Dates are formatted here, so that server and browser show the very same text.
 */
export async function loader(args: LoaderFunctionArgs): Promise<ApplyData> {
  const { gateway, site } = loaderContextOf(args)
  const [exhibitions, defaults] = await Promise.all([
    gateway.call(openExhibitions, {}).then(
      (result) => result.items,
      () => null,
    ),
    // Who is logged in as the page knows it now: a login through the frame since the page loaded counts.
    currentUser(site) ? gateway.call(applicantDefaults, {}).catch(() => ({ email: null })) : Promise.resolve({ email: null }),
  ])
  return {
    exhibitions:
      exhibitions?.map((exhibition) => ({
        id: exhibition.id,
        slug: exhibition.slug,
        label: `${exhibition.title} · ${exhibition.city} · ${formatDates(exhibition, site.htmlLang)}`,
      })) ?? null,
    email: defaults.email ?? '',
  }
}

/** Switching tabs changes only the query: nothing to load again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate

/** `?exhibition=<id or slug>` preselects; with only one exhibition open, it is chosen already. */
function preselected(exhibitions: Choice[], wanted: string | null): string {
  const match = exhibitions.find((exhibition) => String(exhibition.id) === wanted || exhibition.slug === wanted)
  if (match) return String(match.id)
  return exhibitions.length === 1 ? String(exhibitions[0]?.id) : ''
}

/**
 * Sign-up (docs/product.md#other-screens): tab Exhibitor (broker / company) and tab Attendee (user). The same screen serves
 * /{lang}/apply and the app web-view layout /{lang}/apply/h5Index (handle.h5): there, no hero, no
 * side column, and bigger controls.
 */
export function Component() {
  const { t } = useTranslation('apply')
  const data = useLoaderData() as ApplyData
  const [search] = useSearchParams()
  const h5 = useMatches().some((match) => (match.handle as ScreenHandle | undefined)?.h5)
  const active = tabOf(search.get('tab'))
  const exhibitions = data.exhibitions ?? []
  const exhibitionId = preselected(exhibitions, search.get('exhibition'))

  const content =
    data.exhibitions === null ? (
      <LoadFailed />
    ) : exhibitions.length === 0 ? (
      <Empty />
    ) : (
      <div className={styles.card}>
        <ApplyTabs active={active} />
        {TABS.map((tab) => (
          <section key={tab} role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={tab !== active} className={styles.panel}>
            <PanelBody tab={tab} exhibitions={exhibitions} exhibitionId={exhibitionId} email={data.email} />
          </section>
        ))}
      </div>
    )

  return (
    <main id="main" className={h5 ? styles.h5 : styles.page}>
      <PageMeta title={t('meta.title')} description={t('meta.description')} noindex={h5} />
      {h5 ? (
        <h1 className={styles.h5Title}>{t('hero.title')}</h1>
      ) : (
        <section className={styles.hero} aria-labelledby="apply-title">
          <div className={`container ${styles.heroInner}`}>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 id="apply-title" className={styles.heroTitle}>
              {t('hero.title')}
            </h1>
            <p className={styles.heroText}>{t('hero.text')}</p>
          </div>
        </section>
      )}
      <div className={h5 ? styles.h5Body : `container ${styles.layout}`}>
        {content}
        {h5 ? null : <Steps />}
      </div>
    </main>
  )
}

function PanelBody({ tab, exhibitions, exhibitionId, email }: { tab: Tab; exhibitions: Choice[]; exhibitionId: string; email: string }) {
  const { t } = useTranslation('apply')
  const titleId = `apply-${tab}-title`
  const heading = (
    <>
      <h2 id={titleId} className={styles.panelTitle}>
        {t(`${tab}.title`)}
      </h2>
      <p className={styles.panelIntro}>{t(`${tab}.intro`)}</p>
    </>
  )
  const props = { exhibitions, exhibitionId, email, titleId, heading }
  return tab === 'exhibitor' ? <ApplicationForm kind={EXHIBITOR} {...props} /> : <ApplicationForm kind={ATTENDEE} {...props} />
}

function Empty() {
  const { t } = useTranslation('apply')
  const site = useSite()
  return (
    <div className={`${styles.card} ${styles.state}`}>
      <h2 className={styles.panelTitle}>{t('empty.title')}</h2>
      <p>{t('empty.text')}</p>
      <p>
        {t('empty.contact')} <a href={`mailto:${site.config.contactEmail}`}>{site.config.contactEmail}</a>
      </p>
      <Link className={styles.linkButton} to={`/${site.lang}/brandExhibition.html`}>
        {t('empty.exhibitions')}
      </Link>
    </div>
  )
}

function LoadFailed() {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  return (
    <div className={`${styles.card} ${styles.state}`} role="alert">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className={styles.secondaryButton} onClick={() => revalidator.revalidate()}>
        {t('common.retry')}
      </button>
    </div>
  )
}

function Steps() {
  const { t } = useTranslation('apply')
  const site = useSite()
  return (
    <aside className={styles.aside} aria-labelledby="apply-steps-title">
      <h2 id="apply-steps-title" className={styles.asideTitle}>
        {t('steps.title')}
      </h2>
      <ol className={styles.steps}>
        <li>{t('steps.send')}</li>
        <li>{t('steps.review')}</li>
        <li>{t('steps.confirm')}</li>
      </ol>
      <p className={styles.verify}>
        {t('steps.verify')} <Link to={`/${site.lang}/verify.html`}>{t('steps.verifyLink')}</Link>
      </p>
    </aside>
  )
}

import { useTranslation } from 'react-i18next'
import { data, isRouteErrorResponse, Link, type LoaderFunctionArgs, useLoaderData, useRouteError } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { SURVEY_MESSAGES, type SurveyErrors } from '../../../shared/rules/survey.ts'
import { type SurveyForm as SurveyFormData, surveyForm } from '../../api/survey.ts'
import { useSite } from '../../app-state.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { SurveyForm } from './survey-form.tsx'
import { answeredOn, exhibitionDays, type SurveyLoad } from './survey-load.ts'
import styles from './survey.module.css'

/** Failures a form post without JavaScript may come back with (server/platform/survey/survey.routes.ts). */
const FAILURES = ['errors.rateLimited', 'survey:errors.answered', 'errors.unexpected']

/** Field errors carried back by a form post without JavaScript: only known keys of shown questions. */
function errorsOf(raw: string | null, form: SurveyFormData): SurveyErrors {
  if (!raw) return {}
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>
    const known = new Set<string>(Object.values(SURVEY_MESSAGES))
    const ids = new Set(form.questions.map((question) => `q${question.id}`))
    return Object.fromEntries(Object.entries(parsed).filter(([field, key]) => ids.has(field) && typeof key === 'string' && known.has(key))) as SurveyErrors
  } catch {
    return {}
  }
}

export async function loader(args: LoaderFunctionArgs): Promise<SurveyLoad> {
  const { gateway, site } = loaderContextOf(args)
  const token = args.params.token ?? ''
  const url = new URL(args.request.url)
  let form: SurveyFormData
  try {
    form = await gateway.call(surveyForm, { token }, { signal: args.request.signal })
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) throw data({ survey: 'notFound' }, { status: 404 })
    throw error
  }
  const failed = url.searchParams.get('failed')
  return {
    token,
    form,
    days: exhibitionDays(form.exhibition, site.htmlLang),
    answeredOn: form.answeredAt ? answeredOn(form.answeredAt, site.htmlLang, form.exhibition.timeZone) : null,
    sent: url.searchParams.get('sent') === '1',
    errors: errorsOf(url.searchParams.get('errors'), form),
    failed: failed && FAILURES.includes(failed) ? failed : null,
  }
}

/**
 * The post-event survey (docs/product.md#survey): the visitor's personal link from the mail. It shows the
 * exhibition and its questions in the page's language; answered once, it thanks, and a second visit
 * says it was answered.
 */
export function Component() {
  const { t } = useTranslation('survey')
  const loaded = useLoaderData() as SurveyLoad
  const { form } = loaded
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('meta.title')} description={t('meta.description', { exhibition: form.exhibition.title })} noindex />
      <div className={`container ${styles.inner}`}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h1 className={styles.title}>{form.exhibition.title}</h1>
          <p className={styles.facts}>
            {form.exhibition.city}
            <span aria-hidden="true"> · </span>
            <span className="visually-hidden">, </span>
            {loaded.days}
          </p>
        </header>
        {form.answeredAt ? <Answered loaded={loaded} /> : <SurveyForm loaded={loaded} />}
      </div>
    </main>
  )
}

function Answered({ loaded }: { loaded: SurveyLoad }) {
  const { t } = useTranslation('survey')
  const site = useSite()
  return (
    <section className={styles.card} aria-labelledby="survey-state">
      <h2 id="survey-state" className={styles.cardTitle}>
        {loaded.sent ? t('thanks.title') : t('answered.title')}
      </h2>
      <p className={styles.text}>{loaded.sent ? t('thanks.text') : t('answered.text', { date: loaded.answeredOn ?? '' })}</p>
      <Link className={styles.secondary} to={`/${site.lang}`}>
        {t('home')}
      </Link>
    </section>
  )
}

/** An unknown or expired link: its own clear page (status 404), not a bare error. */
export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation('survey')
  const site = useSite()
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('notFound.title')} description={t('notFound.text')} noindex />
      <div className={`container ${styles.inner}`}>
        <section className={styles.card} aria-labelledby="survey-missing">
          <h1 id="survey-missing" className={styles.title}>
            {t('notFound.title')}
          </h1>
          <p className={styles.text}>{t('notFound.text')}</p>
          <Link className={styles.secondary} to={`/${site.lang}`}>
            {t('home')}
          </Link>
        </section>
      </div>
    </main>
  )
}

import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { scamReportDraft } from '../../../api/scam-reports.ts'
import { PageMeta } from '../../../components/page-meta/page-meta.tsx'
import { loaderContextOf } from '../../route-kit.ts'
import { ReportForm, type ReportFormState } from '../report-form.tsx'
import styles from '../scam-report.module.css'

const EMPTY: ReportFormState['values'] = { description: '', channels: [], happenedOn: '', amount: '', currency: '', email: '', consent: false, evidence: [] }

/**
 * The form, empty, prefilled with the value the check called not ours (`?value=`), or as a post
 * without JavaScript left it (`?draft=`, its values and messages kept a few minutes on the server).
 */
export async function loader(args: LoaderFunctionArgs): Promise<ReportFormState> {
  const { gateway } = loaderContextOf(args)
  const url = new URL(args.request.url)
  const draft = url.searchParams.get('draft')
  if (draft) {
    const kept = await gateway.call(scamReportDraft, { draft }).catch(() => null)
    if (kept) return kept
    return { values: EMPTY, errors: {}, failed: 'scam:scamReport.errors.draftGone', seconds: null, kept: [] }
  }
  const value = url.searchParams.get('value')?.slice(0, 2000) ?? ''
  return { values: { ...EMPTY, channels: value ? [value] : [] }, errors: {}, failed: null, seconds: null, kept: [] }
}

/** Report a scam (docs/product.md#scam-reports): linked from every "not official" answer of the check. */
export function Component() {
  const { t } = useTranslation('verify')
  const state = useLoaderData() as ReportFormState
  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('scam:scamReport.meta.title')} description={t('scam:scamReport.meta.description')} noindex />
      <div className={`container ${styles.inner}`}>
        <header>
          <p className={styles.eyebrow}>{t('scam:scamReport.eyebrow')}</p>
          <h1 className={styles.title}>{t('scam:scamReport.title')}</h1>
        </header>
        <p className={styles.text}>{t('scam:scamReport.lead')}</p>
        <ReportForm state={state} />
      </div>
    </main>
  )
}

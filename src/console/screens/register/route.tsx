import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { channelSubmissions, registerChannels, registerDocuments, registerLookups } from '../../../api/console-register.ts'
import { REGISTER_LIMITS } from '../../../../shared/rules/console-register.ts'
import { staffCall } from '../../screen-kit.ts'
import { pageFrom } from '../../ui/list-query.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Channels } from './channels.tsx'
import { channelQuery, REGISTER_VIEWS, type RegisterData, type RegisterView, viewHref } from './register-query.ts'
import styles from './register.module.css'
import { lazySection } from '../../../lib/lazy-section.tsx'

// The channels are the view an address without one opens; the others load when asked for, which keeps
// the screen's first visit within the console's budget (docs/CONVENTIONS.md#a-console-screen-srcconsole).
const Documents = lazySection('register/documents', () => import('./documents.tsx').then((module) => module.Documents))
const Lookups = lazySection('register/lookups', () => import('./lookups.tsx').then((module) => module.Lookups))
const Submissions = lazySection('register/submissions', () => import('./submissions.tsx').then((module) => module.Submissions))

/** One view of the register (channels, exhibitors' submissions, documents, lookups), read from the page's address. */
export async function loader(args: LoaderFunctionArgs): Promise<RegisterData> {
  const params = new URL(args.request.url).searchParams
  const view = (REGISTER_VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as RegisterView) : 'channels'
  const page = pageFrom(params, 100_000)
  const search = (params.get('q') ?? '').slice(0, REGISTER_LIMITS.search)
  const pageSize = REGISTER_LIMITS.pageSizeDefault
  if (view === 'documents') return { view, page, pageSize, search, documents: await staffCall(args, registerDocuments, { search, page, pageSize }) }
  if (view === 'submissions') return { view, page, pageSize, search: '', submissions: await staffCall(args, channelSubmissions, { page, pageSize }) }
  if (view === 'lookups') return { view, page, pageSize, search: '', lookups: await staffCall(args, registerLookups, { page, pageSize }) }
  const filters = channelQuery.filtersFrom(params)
  const { search: sent = '', kind } = channelQuery.payload(filters)
  const state = filters.state || 'all'
  const channels = await staffCall(args, registerChannels, { search: sent, state, page, pageSize, ...(kind ? { kind } : {}) })
  return { view, page, pageSize, search: filters.search, kind: filters.kind, state, channels }
}

/** The register of official channels and documents (docs/product.md#console-register), and what visitors ask about. */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as RegisterData
  return (
    <ConsolePage title={t('register.title')} lead={t('register.lead')}>
      <nav className={styles.views} aria-label={t('register.views')}>
        {REGISTER_VIEWS.map((view) => (
          <Link key={view} to={viewHref(view)} className={styles.view} aria-current={data.view === view ? 'page' : undefined}>
            {t(`register.view.${view}`)}
          </Link>
        ))}
      </nav>
      {data.view === 'channels' ? <Channels key={JSON.stringify([data.search, data.kind, data.state, data.page])} data={data} /> : null}
      <Suspense fallback={null}>
        {data.view === 'submissions' ? <Submissions data={data} /> : null}
        {data.view === 'documents' ? <Documents data={data} /> : null}
        {data.view === 'lookups' ? <Lookups data={data} /> : null}
      </Suspense>
    </ConsolePage>
  )
}

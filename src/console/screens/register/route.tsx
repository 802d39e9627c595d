import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { channelSubmissions, registerChannels, registerDocuments, registerLookups } from '../../../api/console.ts'
import { CHANNEL_KINDS } from '../../../../shared/rules/verification.ts'
import { CHANNEL_STATES, REGISTER_LIMITS } from '../../../../shared/rules/console-register.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Channels } from './channels.tsx'
import { Documents } from './documents.tsx'
import { Lookups } from './lookups.tsx'
import { Submissions } from './submissions.tsx'
import { REGISTER_VIEWS, type RegisterData, type RegisterView, viewHref } from './register-query.ts'
import styles from './register.module.css'

const pageOf = (value: string | null) => Math.min(Math.max(Number.parseInt(value ?? '', 10) || 1, 1), 100_000)

/** One view of the register (channels, exhibitors' submissions, documents, lookups), read from the page's address. */
export async function loader(args: LoaderFunctionArgs): Promise<RegisterData> {
  const params = new URL(args.request.url).searchParams
  const view = (REGISTER_VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as RegisterView) : 'channels'
  const page = pageOf(params.get('page'))
  const search = (params.get('q') ?? '').slice(0, REGISTER_LIMITS.search)
  const pageSize = REGISTER_LIMITS.pageSizeDefault
  if (view === 'documents') return { view, page, pageSize, search, documents: await staffCall(args, registerDocuments, { search, page, pageSize }) }
  if (view === 'submissions') return { view, page, pageSize, search: '', submissions: await staffCall(args, channelSubmissions, { page, pageSize }) }
  if (view === 'lookups') return { view, page, pageSize, search: '', lookups: await staffCall(args, registerLookups, { page, pageSize }) }
  const kind = (CHANNEL_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as (typeof CHANNEL_KINDS)[number]) : undefined
  const state = (CHANNEL_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as (typeof CHANNEL_STATES)[number]) : 'all'
  const channels = await staffCall(args, registerChannels, { search, state, page, pageSize, ...(kind ? { kind } : {}) })
  return { view, page, pageSize, search, kind: kind ?? '', state, channels }
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
      {data.view === 'submissions' ? <Submissions data={data} /> : null}
      {data.view === 'documents' ? <Documents data={data} /> : null}
      {data.view === 'lookups' ? <Lookups data={data} /> : null}
    </ConsolePage>
  )
}

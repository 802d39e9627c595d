import { Facts as FactList } from '../../ui/facts.tsx'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { type ApplicationDetail, applicationDetail } from '../../../api/console-applications.ts'
import { boothDimensions } from '../../../../shared/rules/applications.ts'
import { LANGUAGE_INFO, LOCALES, type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { APPLICATIONS_PATH } from '../../lib/application-paths.ts'
import { formatDateTime } from '../../lib/format.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { ApplicationStatus } from '../../ui/application-status.tsx'
import detail from '../../ui/facts.module.css'
import styles from './application.module.css'
import { DecisionForm } from './decision-form.tsx'
import { Panel } from '../../ui/panel.tsx'

export async function loader(args: LoaderFunctionArgs): Promise<{ application: ApplicationDetail }> {
  return staffCall(args, applicationDetail, { reference: args.params.reference ?? '' })
}

/** The applicant's language by its own name ("日本語"), the code when it is not one of ours. */
const languageName = (locale: string) =>
  (LOCALES as readonly string[]).includes(locale) ? LANGUAGE_INFO[urlLanguageOfLocale(locale as Locale)].nativeName : locale

function Facts({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const code = (group: string, value: string | null) => (value ? t(`${group}.${value}`, { defaultValue: value }) : '')
  const booth = application.booth
    ? application.booth.size === 'custom'
      ? boothDimensions(application.booth.width, application.booth.depth)
      : `${application.booth.size} m`
    : ''
  const rows: Array<[string, ReactNode]> = [
    [t('applications.statusLabel'), <ApplicationStatus key="status" status={application.status} />],
    [t('applications.kind'), t(`applications.kinds.${application.kind}`)],
    [t('applications.exhibition'), application.exhibitionTitle],
    [t('applications.submitted'), formatDateTime(application.createdAt, language)],
    ...(application.kind === 'exhibitor'
      ? ([
          [t('applications.fields.companyName'), application.companyName],
          [t('applications.fields.contactPerson'), application.contactPerson],
          [t('applications.fields.website'), application.website ?? '—'],
          [t('applications.fields.booth'), booth],
          [t('applications.fields.method'), code('applications.methods', application.method)],
        ] as Array<[string, ReactNode]>)
      : ([
          [t('applications.fields.name'), [application.givenName, application.surname].filter(Boolean).join(' ')],
          [t('applications.fields.position'), application.position],
          [t('applications.fields.identity'), code('order.identities', application.identity)],
          [t('applications.fields.industry'), code('order.industries', application.industry)],
        ] as Array<[string, ReactNode]>)),
    [t('applications.fields.email'), application.email],
    [t('applications.fields.phone'), application.phone ?? '—'],
    [t('applications.fields.language'), languageName(application.locale)],
    [t('applications.fields.account'), t(application.linkedAccount ? 'applications.linked' : 'applications.notLinked')],
  ]
  return <FactList rows={rows} />
}

function History({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  if (!application.decisions.length) return <p className={ui.muted}>{t('applications.noDecisions')}</p>
  return (
    <ol className={detail.entries}>
      {[...application.decisions].reverse().map((decision) => (
        <li key={decision.at} className={detail.entry}>
          <div>
            <strong>
              {t(`applications.status.${decision.from}`)} → {t(`applications.status.${decision.to}`)}
            </strong>
          </div>
          <div className={ui.muted}>
            {formatDateTime(decision.at, language)} · {decision.by ?? t('applications.byCli')}
          </div>
          {decision.applicantNote ? (
            <div>
              <div className={ui.muted}>{t('applications.applicantNote')}</div>
              <p className={styles.quote}>{decision.applicantNote}</p>
            </div>
          ) : null}
          {decision.internalNote ? (
            <div>
              <div className={ui.muted}>{t('applications.internalNote')}</div>
              <p className={styles.quote}>{decision.internalNote}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

/** One application, its decisions so far, and a new decision (docs/product.md#console-applications). */
export function Component() {
  const { t } = useTranslation()
  const { application } = useLoaderData() as { application: ApplicationDetail }
  const revalidator = useRevalidator()
  const [status, setStatus] = useState('')
  const title = application.kind === 'exhibitor' ? (application.companyName ?? application.reference) : application.applicant

  return (
    <ConsolePage title={t('applications.detailTitle', { reference: application.reference })} lead={`${title} · ${application.exhibitionTitle}`}>
      <p>
        <Link to={APPLICATIONS_PATH}>{t('applications.back')}</Link>
      </p>
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <div className={detail.columns}>
        <Panel title={t('applications.facts')} className={detail.stack}>
          <Facts application={application} />
        </Panel>
        <div className={detail.stack}>
          <Panel title={t('applications.decisionTitle')} className={detail.stack}>
            <DecisionForm
              key={application.status}
              application={application}
              onDone={async (text) => {
                await revalidator.revalidate()
                setStatus(text)
              }}
            />
          </Panel>
          <Panel title={t('applications.history')} className={detail.stack}>
            <History application={application} />
          </Panel>
        </div>
      </div>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}

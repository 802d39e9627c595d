import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useRevalidator } from 'react-router'
import { type ScamReportGroupDetail, scamReportGroup } from '../../../api/console-scam-reports.ts'
import { LANGUAGE_INFO, LOCALES, type Locale, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { EVIDENCE_DOWNLOAD_PATH } from '../../../../shared/rules/scam-report-evidence.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { SCAM_REPORTS_PATH, scamReportGroupPath } from './paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Facts } from '../../ui/facts.tsx'
import detail from '../../ui/facts.module.css'
import ui from '../../ui/ui.module.css'
import { MergeForm, NoteForm, ReplyForm, StatusButtons } from './group-forms.tsx'
import styles from './scam-report-group.module.css'
import { Panel } from '../../ui/panel.tsx'

export async function groupLoader(args: LoaderFunctionArgs): Promise<ScamReportGroupDetail> {
  return staffCall(args, scamReportGroup, { id: Number(args.params.id) || 0 })
}

/** The reporter's language by its own name ("ภาษาไทย"). */
const languageName = (locale: string) =>
  (LOCALES as readonly string[]).includes(locale) ? LANGUAGE_INFO[urlLanguageOfLocale(locale as Locale)].nativeName : locale

type Group = ScamReportGroupDetail

function Reports({ group, onDone }: { group: Group; onDone(notice: string): Promise<void> }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return (
    <ol className={detail.entries}>
      {group.reportsList.map((report) => {
        const others = report.channels.filter((channel) => channel.groupId !== group.id)
        const rows: Array<[string, ReactNode]> = [
          [t('scamReports.happenedOn'), report.happenedOn],
          [t('scamReports.sent'), formatDateTime(report.createdAt, language)],
          [t('scamReports.lostLabel'), report.lost ? formatMoney(report.lost.minor, report.lost.currency, language) : '—'],
          [t('scamReports.contact'), report.email ? `${report.email}${report.canReply ? '' : ` (${t('scamReports.noConsent')})`}` : '—'],
          [t('scamReports.language'), languageName(report.language)],
          [t('scamReports.account'), t(report.signedIn ? 'scamReports.signedIn' : 'scamReports.anonymous')],
        ]
        return (
          <li key={report.id} className={detail.entry}>
            <h3 className={styles.reference}>{report.reference}</h3>
            <Facts rows={rows} />
            {/* The reporter's text: React escapes it; line breaks are kept by CSS. */}
            <p className={styles.quote}>{report.description}</p>
            {report.evidence.length ? (
              <div>
                <h4 className={styles.evidenceTitle}>{t('scamReports.evidence')}</h4>
                {/* Plain links: the staff cookie goes with them; each opening is audited (docs/product.md#scam-reports). */}
                <ul className={styles.evidence}>
                  {report.evidence.map((file) => (
                    <li key={file.id}>
                      <a href={`${EVIDENCE_DOWNLOAD_PATH}?id=${file.id}`} target="_blank" rel="noopener noreferrer">
                        {t(file.kind === 'pdf' ? 'scamReports.evidencePdf' : 'scamReports.evidenceImage', {
                          name: file.name,
                          size: Math.max(1, Math.round(file.bytes / 1024)),
                        })}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {others.length ? (
              <p className={ui.muted}>
                {t('scamReports.alsoNamed')}{' '}
                {others.map((channel, index) => (
                  <span key={channel.groupId}>
                    {index ? ', ' : ''}
                    <Link to={scamReportGroupPath(channel.groupId)}>{channel.display}</Link>
                  </span>
                ))}
              </p>
            ) : null}
            {report.canReply ? <ReplyForm reportId={report.id} reference={report.reference} onDone={onDone} /> : null}
          </li>
        )
      })}
    </ol>
  )
}

function Notes({ group }: { group: Group }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  if (!group.notes.length) return <p className={ui.muted}>{t('scamReports.noNotes')}</p>
  return (
    <ol className={detail.entries}>
      {group.notes.map((note) => (
        <li key={note.id} className={detail.entry}>
          <div className={ui.muted}>
            {t(note.kind === 'reply' ? 'scamReports.replyBy' : 'scamReports.noteBy', {
              name: note.author ?? t('scamReports.formerStaff'),
              at: formatDateTime(note.createdAt, language),
              reference: note.reference ?? '',
            })}
          </div>
          <p className={styles.quote}>{note.body}</p>
        </li>
      ))}
    </ol>
  )
}

/**
 * One reported channel (docs/product.md#scam-reports): its reports with what happened and what was
 * lost, its status, the verifiers' notes and replies, and merging a duplicate into it.
 */
export function GroupScreen({ group }: { group: Group }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const revalidator = useRevalidator()
  const [notice, setNotice] = useState('')
  const done = async (text: string) => {
    await revalidator.revalidate()
    setNotice(text)
  }
  const facts: Array<[string, ReactNode]> = [
    [t('scamReports.statusLabel'), t(`scamReports.statuses.${group.status}`)],
    [t('scamReports.kindLabel'), t(`scamReports.kinds.${group.kind}`)],
    [t('scamReports.reportsLabel'), String(group.reports)],
    [t('scamReports.firstLabel'), formatDateTime(group.firstReportedAt, language)],
    [t('scamReports.lastLabel'), formatDateTime(group.lastReportedAt, language)],
    [t('scamReports.lostLabel'), group.lost.length ? group.lost.map((lost) => formatMoney(lost.minor, lost.currency, language)).join(' · ') : '—'],
    [t('scamReports.groupId'), `#${group.id}`],
    ...(group.merged.length
      ? ([[t('scamReports.mergedFrom'), group.merged.map((merged) => `${merged.display} (#${merged.id})`).join(', ')]] as Array<[string, ReactNode]>)
      : []),
  ]
  return (
    <ConsolePage title={group.display} lead={t('scamReports.groupLead')}>
      <p>
        <Link to={SCAM_REPORTS_PATH}>{t('scamReports.back')}</Link>
      </p>
      <p className={notice ? ui.success : 'visually-hidden'} role="status">
        {notice}
      </p>
      <div className={detail.columns}>
        <div className={detail.stack}>
          <Panel title={t('scamReports.facts')} className={detail.stack}>
            <Facts rows={facts} />
            <StatusButtons key={group.status} group={group} onDone={done} />
          </Panel>
          <Panel title={t('scamReports.reports')} className={detail.stack}>
            <Reports group={group} onDone={done} />
          </Panel>
        </div>
        <div className={detail.stack}>
          <Panel title={t('scamReports.notes')} className={detail.stack}>
            <Notes group={group} />
            <NoteForm group={group} onDone={done} />
          </Panel>
          <Panel title={t('scamReports.mergeTitle')} className={detail.stack}>
            <MergeForm group={group} onDone={done} />
          </Panel>
        </div>
      </div>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}

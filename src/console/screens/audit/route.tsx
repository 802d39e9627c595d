import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type AuditRow, auditList, type StaffListItem, staffList } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { CONSOLE } from '../../../../shared/functions/console.ts'
import { type ListData, loadList, staffCall } from '../../screen-kit.ts'
import { ListPage } from '../../ui/list-page.tsx'
import ui from '../../ui/ui.module.css'
import { AuditDiff } from './audit-diff.tsx'
import styles from './audit.module.css'
import { type AuditFilters, auditQuery } from './audit-query.ts'
import { auditSentence, type SentenceContext } from './audit-sentence.ts'
import { useFunctionLabel } from './function-label.ts'

type AuditData = ListData<AuditFilters, { rows: AuditRow[]; total: number }> & { members: StaffListItem[] }

/** One page of the audit log, filtered and paged on the server, and the members to name. */
export async function loader(args: LoaderFunctionArgs): Promise<AuditData> {
  const [list, staff] = await Promise.all([loadList(args, auditQuery, auditList, auditQuery.payload), staffCall(args, staffList, {})])
  return { ...list, members: staff.members }
}

/** Who changed what, when and from where (docs/product.md#audit-log), as sentences; read-only. */
export function Component() {
  const { t, i18n } = useTranslation()
  const { language } = useConsoleShell()
  const data = useLoaderData() as AuditData
  const { page, members } = data
  const functionLabel = useFunctionLabel()
  const context: SentenceContext = {
    t: (key, values) => t(key, values),
    exists: (key, options) => i18n.exists(key, options),
    language,
    memberOf: (id) => members.find((member) => member.id === id),
  }
  return (
    <ListPage
      words="audit"
      data={data}
      query={auditQuery}
      options={{
        staff: members.map((member) => ({ value: member.id, label: member.name ? `${member.name} (${member.email})` : member.email })),
        function: Object.values(CONSOLE).map((address) => ({ value: address.route, label: functionLabel(address.route) })),
      }}
      list={
        page.rows.length ? (
          <ol className={styles.entries} aria-label={t('audit.title')}>
            {page.rows.map((row) => (
              <li key={row.id} className={styles.entry}>
                <p className={styles.sentence}>{auditSentence(row, context)}</p>
                <p className={`${styles.facts} ${ui.muted}`}>
                  <time dateTime={row.at}>{formatDateTime(row.at, language)}</time>
                  <span>{t('audit.action', { action: functionLabel(row.function) })}</span>
                  {row.staff ? <span>{row.staff.email}</span> : null}
                  {row.address ? <span className={ui.mono}>{row.address}</span> : null}
                </p>
                <details className={styles.record}>
                  <summary className={styles.summary}>{t('audit.record')}</summary>
                  <AuditDiff before={row.before} after={row.after} language={language} />
                  <p className={styles.rawTitle}>{t('audit.rawRecord')}</p>
                  <pre className={styles.raw}>{JSON.stringify({ target: row.target, before: row.before, after: row.after }, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ol>
        ) : (
          <p className={ui.muted}>{t('audit.empty')}</p>
        )
      }
      times
    />
  )
}

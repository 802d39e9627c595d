import { useTranslation } from 'react-i18next'
import { useConsoleShell } from '../../console-state.ts'
import { formatDayAndTime } from '../../lib/format.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import { RegisterPager } from './register-kit.tsx'
import { type RegisterData, viewHref } from './register-query.ts'
import styles from './register.module.css'
import { Panel } from '../../ui/panel.tsx'

type LookupsData = Extract<RegisterData, { view: 'lookups' }>
type Lookups = LookupsData['lookups']

function When({ at }: { at: string }) {
  const { language } = useConsoleShell()
  const when = formatDayAndTime(at, language)
  return (
    <span className={ui.nowrap}>
      {when.day} {when.time}
    </span>
  )
}

/** What visitors asked the verification page about: the unknown values asked most lead (what scammers use now). Read only. */
export function Lookups({ data }: { data: LookupsData }) {
  const { t } = useTranslation()
  const { unknown, recent, total, days } = data.lookups
  const keyOf = (row: { type: string; value: string }) => `${row.type}:${row.value}`
  const count = { header: t('register.lookups'), className: styles.count, cell: (row: { count: number }) => row.count }
  const lastAsked = { header: t('register.lastAsked'), cell: (row: { lastAt: string }) => <When at={row.lastAt} /> }
  const unknownColumns: Array<Column<Lookups['unknown'][number]>> = [
    { header: t('register.value'), cell: (row) => <span className={`${styles.value} ${ui.mono}`}>{row.value}</span> },
    { header: t('register.type'), cell: (row) => t(`register.types.${row.type}`) },
    count,
    lastAsked,
  ]
  const recentColumns: Array<Column<Lookups['recent'][number]>> = [
    {
      header: t('register.value'),
      cell: (row) => (
        <div>
          <div className={`${styles.value} ${ui.mono}`}>{row.value}</div>
          <div className={ui.muted}>{t(`register.types.${row.type}`)}</div>
        </div>
      ),
    },
    {
      header: t('register.answer'),
      cell: (row) => (
        <span className={`${ui.badge} ${row.official ? ui.badgeGood : ui.badgeWarn}`}>{row.official ? t('register.official') : t('register.unofficial')}</span>
      ),
    },
    count,
    lastAsked,
  ]
  return (
    <>
      <Panel title={t('register.unknownTitle', { days })}>
        <p className={ui.hint}>{t('register.unknownLead')}</p>
        <DataTable label={t('register.unknownTitle', { days })} columns={unknownColumns} rows={unknown} rowKey={keyOf} empty={t('register.noLookups')} />
      </Panel>
      <Panel title={t('register.recentTitle')}>
        <DataTable label={t('register.recentTitle')} columns={recentColumns} rows={recent} rowKey={keyOf} empty={t('register.noLookups')} />
        <RegisterPager data={data} total={total} href={(page) => viewHref('lookups', { page })} />
      </Panel>
      <p className={ui.hint}>{t('register.reportsNote')}</p>
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </>
  )
}

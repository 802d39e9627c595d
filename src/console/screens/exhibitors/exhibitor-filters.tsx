import { useTranslation } from 'react-i18next'
import { CONSOLE_EXHIBITOR_LIMITS, EXHIBITOR_PROGRESS } from '../../../../shared/rules/console-exhibitors.ts'
import { EXHIBITOR_KINDS } from '../../../../shared/rules/exhibitors.ts'
import { ListFilters } from '../../ui/list-filters.tsx'
import type { ExhibitorFilters as Filters } from './exhibitors-query.ts'

/** The exhibitor list's search and its choices: exhibition, kind and stage. */
export function ExhibitorFilters({ filters, exhibitions }: { filters: Filters; exhibitions: Array<{ id: number; title: string }> }) {
  const { t } = useTranslation()
  return (
    <ListFilters
      id="exhibitors"
      label={t('exhibitors.filters')}
      search={{ label: t('exhibitors.search'), hint: t('exhibitors.searchHint'), value: filters.search, maxLength: CONSOLE_EXHIBITOR_LIMITS.search }}
      choices={[
        {
          name: 'exhibition',
          label: t('exhibitors.exhibition'),
          anyLabel: t('exhibitors.anyExhibition'),
          value: filters.exhibitionId,
          options: exhibitions.map((exhibition) => ({ value: String(exhibition.id), label: exhibition.title || `#${exhibition.id}` })),
        },
        {
          name: 'kind',
          label: t('exhibitors.kind'),
          anyLabel: t('exhibitors.anyKind'),
          value: filters.kind,
          options: EXHIBITOR_KINDS.map((kind) => ({ value: kind, label: t(`exhibitors.kinds.${kind}`) })),
        },
        {
          name: 'stage',
          label: t('exhibitors.stageLabel'),
          anyLabel: t('exhibitors.anyStage'),
          value: filters.stage,
          options: EXHIBITOR_PROGRESS.map((stage) => ({ value: stage, label: t(`exhibitors.stages.${stage}`) })),
        },
      ]}
      applyLabel={t('exhibitors.apply')}
      clearLabel={t('exhibitors.clear')}
    />
  )
}

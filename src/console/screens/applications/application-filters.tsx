import { useTranslation } from 'react-i18next'
import { APPLICATION_STATUSES, REVIEW_LIMITS } from '../../../../shared/rules/applications.ts'
import { ListFilters } from '../../ui/list-filters.tsx'
import { APPLICATION_KINDS, type ApplicationFilters as Filters } from './applications-query.ts'

/** The review queue's search and its choices: exhibition, kind and status. */
export function ApplicationFilters({ filters, exhibitions }: { filters: Filters; exhibitions: Array<{ id: number; title: string }> }) {
  const { t } = useTranslation()
  return (
    <ListFilters
      id="applications"
      label={t('applications.filters')}
      search={{ label: t('applications.search'), hint: t('applications.searchHint'), value: filters.search, maxLength: REVIEW_LIMITS.search }}
      choices={[
        {
          name: 'exhibition',
          label: t('applications.exhibition'),
          anyLabel: t('applications.anyExhibition'),
          value: filters.exhibitionId,
          options: exhibitions.map((exhibition) => ({ value: String(exhibition.id), label: exhibition.title || `#${exhibition.id}` })),
        },
        {
          name: 'kind',
          label: t('applications.kind'),
          anyLabel: t('applications.anyKind'),
          value: filters.kind,
          options: APPLICATION_KINDS.map((kind) => ({ value: kind, label: t(`applications.kinds.${kind}`) })),
        },
        {
          name: 'status',
          label: t('applications.statusLabel'),
          anyLabel: t('applications.anyStatus'),
          value: filters.status,
          options: APPLICATION_STATUSES.map((status) => ({ value: status, label: t(`applications.status.${status}`) })),
        },
      ]}
      applyLabel={t('applications.apply')}
      clearLabel={t('applications.clear')}
    />
  )
}

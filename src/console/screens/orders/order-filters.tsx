import { useTranslation } from 'react-i18next'
import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, PAYMENT_METHODS } from '../../../../shared/rules/console-orders.ts'
import { ListFilters } from '../../ui/list-filters.tsx'
import type { OrderFilters as Filters } from './orders-query.ts'

/** The orders list's search, its choices and the paid-between dates. */
export function OrderFilters({ filters, exhibitions }: { filters: Filters; exhibitions: Array<{ id: number; title: string }> }) {
  const { t } = useTranslation()
  return (
    <ListFilters
      id="orders"
      label={t('orders.filters')}
      search={{ label: t('orders.search'), hint: t('orders.searchHint'), value: filters.search, maxLength: ORDER_LIST_LIMITS.search }}
      choices={[
        {
          name: 'exhibition',
          label: t('orders.exhibition'),
          anyLabel: t('orders.anyExhibition'),
          value: filters.exhibitionId,
          options: exhibitions.map((exhibition) => ({ value: String(exhibition.id), label: exhibition.title || `#${exhibition.id}` })),
        },
        {
          name: 'status',
          label: t('orders.status'),
          anyLabel: t('orders.anyStatus'),
          value: filters.status,
          options: ORDER_LIST_STATUSES.map((status) => ({ value: status, label: t(`orders.state.${status}`) })),
        },
        {
          name: 'method',
          label: t('orders.method'),
          anyLabel: t('orders.anyMethod'),
          value: filters.method,
          options: PAYMENT_METHODS.map((method) => ({ value: method, label: t(`orders.methods.${method}`) })),
        },
      ]}
      applyLabel={t('orders.apply')}
      clearLabel={t('orders.clear')}
      days={[
        { name: 'from', label: t('orders.from'), value: filters.from },
        { name: 'to', label: t('orders.to'), value: filters.to },
      ]}
    />
  )
}

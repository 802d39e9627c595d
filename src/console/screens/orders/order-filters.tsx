import { useTranslation } from 'react-i18next'
import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, PAYMENT_METHODS } from '../../../api/rules/console-orders.ts'
import { ListFilters } from '../../ui/list-filters.tsx'
import ui from '../../ui/ui.module.css'
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
    >
      <div className={ui.field}>
        <label className={ui.label} htmlFor="orders-from">
          {t('orders.from')}
        </label>
        <input id="orders-from" type="date" name="from" className={ui.input} defaultValue={filters.from} />
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="orders-to">
          {t('orders.to')}
        </label>
        <input id="orders-to" type="date" name="to" className={ui.input} defaultValue={filters.to} />
      </div>
    </ListFilters>
  )
}

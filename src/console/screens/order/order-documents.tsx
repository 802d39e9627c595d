import { useTranslation } from 'react-i18next'
import type { ConsoleOrderDetail } from '../../../api/console-orders.ts'
import { InvoiceDocument } from '../../ui/invoice-document.tsx'
import { Facts } from '../../ui/facts.tsx'
import ui from '../../ui/ui.module.css'
import styles from './order.module.css'
import { Panel } from '../../ui/panel.tsx'

/**
 * The company the buyer asked an invoice for, and the order's invoice and credit notes, each a PDF in
 * the order's language (docs/product.md#invoices). Nothing when the buyer asked for no invoice.
 */
export function OrderDocuments({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation()
  const company = order.invoiceRequest
  if (!company && !order.documents.length) return null
  return (
    <Panel title={t('order.invoices.title')} className={styles.stack}>
      {company ? (
        <Facts
          rows={[
            [t('order.invoices.company'), company.companyName],
            [t('order.invoices.address'), company.address],
            [t('order.invoices.country'), company.countryName],
            [t('order.invoices.taxId'), company.taxId || t('order.invoices.noTaxId')],
          ]}
        />
      ) : null}
      {order.documents.length ? (
        <ul className={styles.documents}>
          {order.documents.map((doc) => (
            <li key={doc.number}>
              <InvoiceDocument orderNumber={order.number} doc={doc} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.hint}>{t(order.paidAt ? 'order.invoices.noneIssued' : 'order.invoices.afterPayment')}</p>
      )}
    </Panel>
  )
}

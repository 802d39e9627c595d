import { useTranslation } from 'react-i18next'
import { type ConsoleOrderDetail, invoicePdf } from '../../../api/console-orders.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatMoney } from '../../lib/money.ts'
import { ExportButtons } from '../../ui/export-buttons.tsx'
import { Facts } from '../../ui/facts.tsx'
import ui from '../../ui/ui.module.css'
import styles from './order.module.css'

/**
 * The company the buyer asked an invoice for, and the order's invoice and credit notes, each a PDF in
 * the order's language (docs/product.md#invoices). Nothing when the buyer asked for no invoice.
 */
export function OrderDocuments({ order }: { order: ConsoleOrderDetail }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const company = order.invoiceRequest
  if (!company && !order.documents.length) return null
  return (
    <section className={`${ui.panel} ${styles.stack}`} aria-labelledby="order-documents-title">
      <h2 id="order-documents-title" className={ui.panelTitle}>
        {t('order.invoices.title')}
      </h2>
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
              <p>
                {t(`order.invoices.${doc.kind}`, {
                  number: doc.number,
                  amount: formatMoney(doc.grossMinor, doc.currency, language),
                  at: formatDateTime(doc.issuedAt, language),
                })}
              </p>
              <ExportButtons
                choices={[
                  {
                    key: doc.number,
                    label: t('order.invoices.download', { number: doc.number }),
                    file: () => client.call(invoicePdf, { number: order.number, document: doc.number }),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.hint}>{t(order.paidAt ? 'order.invoices.noneIssued' : 'order.invoices.afterPayment')}</p>
      )}
    </section>
  )
}

import { useTranslation } from 'react-i18next'
import { type DocumentSummary, invoicePdf } from '../../api/console-orders.ts'
import { useConsoleShell } from '../console-state.ts'
import { formatDateTime } from '../lib/format.ts'
import { formatMoney } from '../lib/money.ts'
import { ExportButtons } from './export-buttons.tsx'

/** An order's invoice or credit note: its number, amount and date, and its PDF (the order screen, an exhibitor's booth orders). */
export function InvoiceDocument({ orderNumber, doc }: { orderNumber: string; doc: DocumentSummary }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  return (
    <>
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
            file: () => client.call(invoicePdf, { number: orderNumber, document: doc.number }),
          },
        ]}
      />
    </>
  )
}

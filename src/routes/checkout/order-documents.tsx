import { useTranslation } from 'react-i18next'
import type { OrderDetail } from '../../api/tickets.ts'
import { useSite } from '../../app-state.ts'
import { formatMoney } from '../../components/money/format.ts'
import { Card } from './card.tsx'
import { checkoutStyles as ui } from './checkout-page.tsx'

/**
 * The order's invoice and credit notes (docs/product.md#invoices), each a PDF in the language the
 * order was placed in; nothing when the buyer asked for no invoice.
 */
export function OrderDocuments({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('invoices')
  const site = useSite()
  if (!order.documents.length) return null
  return (
    <Card id="order-documents" title={t('documents.title')}>
      <ul className={ui.documents}>
        {order.documents.map((doc) => (
          <li key={doc.number} className={ui.document}>
            <span>
              <strong>{t(`documents.${doc.kind}`)}</strong> {doc.number}
              <span className={ui.muted}>
                {' · '}
                {formatMoney(doc.kind === 'creditNote' ? -doc.grossMinor : doc.grossMinor, doc.currency, site.htmlLang)}
              </span>
            </span>
            <a className={ui.linkButton} href={doc.file} download data-testid="document-pdf">
              {t('documents.download', { number: doc.number })}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}

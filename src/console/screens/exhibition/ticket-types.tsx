import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CatalogExhibition, CatalogTicketType } from '../../../api/console.ts'
import { useConsoleShell } from '../../console-state.ts'
import { localText } from '../../lib/local-text.ts'
import { formatMoney } from '../../lib/money.ts'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { TicketTypeForm } from './ticket-type-form.tsx'

/** The exhibition's ticket types: price, capacity against sold and held, window and visibility; edit one or add one. */
export function TicketTypes({ exhibition, onSaved }: { exhibition: CatalogExhibition; onSaved(): void }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const [editing, setEditing] = useState<CatalogTicketType | 'new' | null>(null)
  const name = (type: CatalogTicketType) => localText(type.texts, language, 'name') || type.key
  return (
    <section className={ui.panel} aria-labelledby="ticket-types-title">
      <h2 id="ticket-types-title" className={ui.panelTitle}>
        {t('catalog.ticketTypes')}
      </h2>
      {exhibition.ticketTypes.length ? (
        <TableFrame label={t('catalog.ticketTypes')}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">{t('catalog.name')}</th>
                <th scope="col">{t('catalog.price')}</th>
                <th scope="col">{t('catalog.capacity')}</th>
                <th scope="col">{t('catalog.salesWindow')}</th>
                <th scope="col">{t('catalog.visibility')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('catalog.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {exhibition.ticketTypes.map((type) => (
                <tr key={type.id}>
                  <td>
                    {name(type)}
                    <div className={ui.muted}>{type.key}</div>
                  </td>
                  <td className={ui.nowrap}>{formatMoney(type.priceMinor, type.currency, language)}</td>
                  <td>{t('catalog.capacityUse', { capacity: type.capacity, sold: type.sold, held: type.held })}</td>
                  <td className={ui.nowrap}>
                    {type.salesStartAt?.replace('T', ' ') ?? t('catalog.exhibitionWindow')}
                    {type.salesEndAt ? ` – ${type.salesEndAt.replace('T', ' ')}` : ''}
                  </td>
                  <td>{t(type.active ? 'catalog.visible' : 'catalog.hidden')}</td>
                  <td>
                    <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setEditing(type)}>
                      {t('catalog.editNamed', { name: name(type) })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : (
        <p className={ui.muted}>{t('catalog.noTypes')}</p>
      )}
      {editing ? (
        <TicketTypeForm
          key={editing === 'new' ? 'new' : editing.id}
          exhibitionId={exhibition.id}
          type={editing === 'new' ? null : editing}
          defaultCurrency={exhibition.ticketTypes[0]?.currency ?? 'USD'}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            onSaved()
          }}
        />
      ) : (
        <div>
          <button type="button" className={ui.button} onClick={() => setEditing('new')}>
            {t('catalog.addType')}
          </button>
        </div>
      )}
    </section>
  )
}

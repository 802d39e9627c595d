import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CatalogExhibition, CatalogTicketType } from '../../../api/console-catalog.ts'
import { useConsoleShell } from '../../console-state.ts'
import { localText } from '../../lib/local-text.ts'
import { formatMoney } from '../../lib/money.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import ui from '../../ui/ui.module.css'
import { lazySection } from '../../../lib/lazy-section.tsx'
import { Panel } from '../../ui/panel.tsx'

// Opened by a click: loaded then, so the screen's first visit stays within its budget (bundle-budget.json).
const TicketTypeForm = lazySection('exhibition/ticket-type-form', () => import('./ticket-type-form.tsx').then((module) => module.TicketTypeForm))
const WaitingListPanel = lazySection('exhibition/waiting-list-panel', () => import('./waiting-list-panel.tsx').then((module) => module.WaitingListPanel))

/** The exhibition's ticket types: price, capacity against sold and held, window and visibility; edit one or add one. */
export function TicketTypes({ exhibition, onSaved }: { exhibition: CatalogExhibition; onSaved(): void }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const [editing, setEditing] = useState<CatalogTicketType | 'new' | null>(null)
  const [waiting, setWaiting] = useState<number | null>(null)
  const name = (type: CatalogTicketType) => localText(type.texts, language, 'name') || type.key
  const columns: Array<Column<CatalogTicketType>> = [
    {
      header: t('catalog.name'),
      cell: (type) => (
        <>
          {name(type)}
          <div className={ui.muted}>{type.key}</div>
        </>
      ),
    },
    { header: t('catalog.price'), className: ui.nowrap, cell: (type) => formatMoney(type.priceMinor, type.currency, language) },
    { header: t('catalog.capacity'), cell: (type) => t('catalog.capacityUse', { capacity: type.capacity, sold: type.sold, held: type.held }) },
    {
      header: t('catalog.salesWindow'),
      className: ui.nowrap,
      cell: (type) => (
        <>
          {type.salesStartAt?.replace('T', ' ') ?? t('catalog.exhibitionWindow')}
          {type.salesEndAt ? ` – ${type.salesEndAt.replace('T', ' ')}` : ''}
        </>
      ),
    },
    { header: t('catalog.visibility'), cell: (type) => t(type.active ? 'catalog.visible' : 'catalog.hidden') },
    {
      header: t('catalog.actions'),
      actions: true,
      cell: (type) => (
        <div className={ui.actions}>
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setEditing(type)}>
            {t('catalog.editNamed', { name: name(type) })}
          </button>
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setWaiting(type.id)} aria-expanded={waiting === type.id}>
            {t('waitingList.link', { name: name(type) })}
          </button>
        </div>
      ),
    },
  ]
  return (
    <Panel title={t('catalog.ticketTypes')}>
      <DataTable label={t('catalog.ticketTypes')} columns={columns} rows={exhibition.ticketTypes} rowKey={(type) => type.id} empty={t('catalog.noTypes')} />
      {waiting === null ? null : (
        <Suspense fallback={null}>
          <WaitingListPanel key={waiting} ticketTypeId={waiting} onClose={() => setWaiting(null)} />
        </Suspense>
      )}
      {editing ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : (
        <div>
          <button type="button" className={ui.button} onClick={() => setEditing('new')}>
            {t('catalog.addType')}
          </button>
        </div>
      )}
    </Panel>
  )
}

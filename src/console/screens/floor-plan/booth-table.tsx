import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { deleteBooth, type EditorBooth, type EditorHall, type FloorPlanEditor } from '../../../api/console-floor-plans.ts'
import { areaOf, metresText } from '../../../../shared/rules/floor-plans.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatMoney } from '../../lib/money.ts'
import { orderPath } from '../../lib/order-paths.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import styles from './floor-plan.module.css'
import { Alert } from '../../ui/form-end.tsx'
import { lazySection } from '../../../lib/lazy-section.tsx'

// A booth's form and the one selling it load when asked for, keeping the screen within its budget.
const BoothForm = lazySection('floor-plan/booth-form', () => import('./booth-form.tsx').then((module) => module.BoothForm))
const AssignForm = lazySection('floor-plan/assign-form', () => import('./assign-form.tsx').then((module) => module.AssignForm))

interface Props {
  editor: FloorPlanEditor
  hall: EditorHall
  /** The booth being edited, for the preview to show. */
  onSelect(number: string | null): void
  onChanged(editor: FloorPlanEditor, message: string): void
}

type Open = { kind: 'edit' | 'assign' | 'delete'; booth: EditorBooth } | { kind: 'new' } | null

/** The hall's booths as a table: each row's number, place, size, type, price, passes included, state and exhibitor, and its actions. */
export function BoothTable({ editor, hall, onSelect, onChanged }: Props) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const errorText = useErrorText()
  const [open, setOpen] = useState<Open>(null)
  const [problem, setProblem] = useState('')
  const show = (next: Open) => {
    setOpen(next)
    setProblem('')
    onSelect(next && next.kind !== 'new' ? next.booth.number : null)
  }
  const done = (next: FloorPlanEditor, message: string) => {
    show(null)
    onChanged(next, message)
  }
  const remove = async (booth: EditorBooth) => {
    try {
      done(await client.call(deleteBooth, { exhibitionId: editor.exhibition.id, id: booth.id, version: booth.version }), t('floorPlan.deleted'))
    } catch (error) {
      setProblem(errorText(error))
    }
  }
  const columns: Array<Column<EditorBooth>> = [
    { header: t('floorPlan.number'), cell: (booth) => <strong>{booth.number}</strong> },
    {
      header: t('floorPlan.position'),
      className: ui.nowrap,
      cell: (booth) => t('floorPlan.positionValue', { x: metresText(booth.x), y: metresText(booth.y) }),
    },
    {
      header: t('floorPlan.size'),
      className: ui.nowrap,
      cell: (booth) => t('floorPlan.sizeValue', { w: metresText(booth.w), h: metresText(booth.h), area: areaOf(booth) }),
    },
    { header: t('floorPlan.type'), cell: (booth) => t(`floorPlan.types.${booth.type}`) },
    { header: t('floorPlan.price'), className: ui.nowrap, cell: (booth) => formatMoney(booth.priceMinor, booth.currency, language) },
    { header: t('floorPlan.passes'), className: ui.nowrap, cell: (booth) => booth.passesIncluded },
    { header: t('floorPlan.state'), className: ui.nowrap, cell: (booth) => t(`floorPlan.states.${booth.state}`) },
    {
      header: t('floorPlan.exhibitor'),
      cell: (booth) => (
        <>
          {booth.exhibitor?.name ?? t('floorPlan.nobody')}
          {booth.order ? (
            <>
              <br />
              <Link to={orderPath(booth.order.number)}>{t(`floorPlan.boothOrder.${booth.order.status}`, { number: booth.order.number })}</Link>
            </>
          ) : null}
        </>
      ),
    },
    {
      header: t('floorPlan.actions'),
      actions: true,
      cell: (booth) => (
        <div className={styles.rowActions}>
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => show({ kind: 'edit', booth })}>
            {t('floorPlan.editBooth', { number: booth.number })}
          </button>
          {booth.state === 'held' ? null : (
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => show({ kind: 'assign', booth })}>
              {t('floorPlan.assignBooth', { number: booth.number })}
            </button>
          )}
          {booth.state === 'sold' || booth.state === 'held' ? null : (
            <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => show({ kind: 'delete', booth })}>
              {t('floorPlan.deleteBooth', { number: booth.number })}
            </button>
          )}
        </div>
      ),
    },
  ]
  return (
    <>
      <DataTable
        label={t('floorPlan.booths', { label: hall.label })}
        columns={columns}
        rows={hall.booths}
        rowKey={(booth) => booth.id}
        empty={t('floorPlan.noBooths')}
      />
      <Alert message={problem} />
      {open?.kind === 'edit' || open?.kind === 'new' ? (
        <Suspense fallback={null}>
          <BoothForm
            key={open.kind === 'new' ? 'new' : open.booth.id}
            editor={editor}
            hall={hall}
            booth={open.kind === 'new' ? null : open.booth}
            onClose={() => show(null)}
            onSaved={(next) => done(next, t('floorPlan.saved'))}
          />
        </Suspense>
      ) : open?.kind === 'assign' ? (
        <Suspense fallback={null}>
          <AssignForm key={open.booth.id} editor={editor} booth={open.booth} onClose={() => show(null)} onSaved={(next) => done(next, t('floorPlan.saved'))} />
        </Suspense>
      ) : (
        <div>
          <button type="button" className={ui.button} onClick={() => show({ kind: 'new' })}>
            {t('floorPlan.addBoothTo', { label: hall.label })}
          </button>
        </div>
      )}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('floorPlan.deleteBoothTitle', { number: open.booth.number })}
          message={t('floorPlan.deleteBoothMessage')}
          confirmLabel={t('floorPlan.deleteBooth', { number: open.booth.number })}
          danger
          onConfirm={() => remove(open.booth)}
          // Closing keeps a refusal on screen: it says why the booth is still there.
          onClose={() => {
            setOpen(null)
            onSelect(null)
          }}
        />
      ) : null}
    </>
  )
}

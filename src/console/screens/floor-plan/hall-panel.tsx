import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deleteHall, type EditorHall, type FloorPlanEditor } from '../../../api/console-floor-plans.ts'
import { PlanLegend } from '../../../components/floor-plan/floor-plan.tsx'
import { metresText, publicStateOf } from '../../../../shared/rules/floor-plans.ts'
import { useConsoleShell } from '../../console-state.ts'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import { BoothTable } from './booth-table.tsx'
import { DragPreview } from './drag-preview.tsx'
import styles from './floor-plan.module.css'
import { HallForm } from './hall-form.tsx'
import { Alert } from '../../ui/form-end.tsx'

interface Props {
  editor: FloorPlanEditor
  hall: EditorHall
  onChanged(editor: FloorPlanEditor, message: string): void
}

/** One hall: its size, the plan as visitors will see it (the booth being edited stands out), its booths. */
export function HallPanel({ editor, hall, onChanged }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [selected, setSelected] = useState<string | null>(null)
  const [problem, setProblem] = useState('')
  const titleId = `hall-${hall.id}`
  const remove = async () => {
    setProblem('')
    try {
      onChanged(await client.call(deleteHall, { exhibitionId: editor.exhibition.id, id: hall.id, version: hall.version }), t('floorPlan.deleted'))
    } catch (error) {
      setProblem(errorText(error))
    }
  }
  const booths = hall.booths.map((booth) => ({
    ...booth,
    state: publicStateOf(booth.state),
    label: t('floorPlan.boothLabel', {
      number: booth.number,
      state: t(`floorPlan.states.${booth.state}`),
      exhibitor: booth.exhibitor?.name ?? t('floorPlan.nobody'),
    }),
    href: null,
  }))
  return (
    <section className={ui.panel} aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h2 id={titleId} className={ui.panelTitle}>
          {t('floorPlan.hallTitle', { label: hall.label })}
        </h2>
        <div className={styles.rowActions}>
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setEditing(true)}>
            {t('floorPlan.editHallNamed', { label: hall.label })}
          </button>
          <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => setDeleting(true)}>
            {t('floorPlan.deleteHallNamed', { label: hall.label })}
          </button>
        </div>
      </div>
      <p className={ui.muted}>{t('floorPlan.hallSize', { width: metresText(hall.width), depth: metresText(hall.depth), count: hall.booths.length })}</p>
      <Alert message={problem} />
      {editing ? (
        <HallForm
          editor={editor}
          hall={hall}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false)
            onChanged(next, t('floorPlan.saved'))
          }}
        />
      ) : null}
      <div className={styles.preview}>
        <DragPreview
          editor={editor}
          hall={hall}
          booths={booths}
          title={t('floorPlan.preview', { label: hall.label })}
          highlight={selected}
          onChanged={(next, message) => {
            setProblem('')
            onChanged(next, message)
          }}
          onProblem={setProblem}
        />
        <p className={ui.muted}>{t('floorPlan.dragHint')}</p>
        <PlanLegend
          labels={{ title: t('floorPlan.legend'), free: t('floorPlan.states.available'), taken: t('floorPlan.taken'), blocked: t('floorPlan.states.blocked') }}
        />
      </div>
      <BoothTable editor={editor} hall={hall} onSelect={setSelected} onChanged={onChanged} />
      {deleting ? (
        <ConfirmDialog
          title={t('floorPlan.deleteHallTitle', { label: hall.label })}
          message={t('floorPlan.deleteHallMessage')}
          confirmLabel={t('floorPlan.deleteHallNamed', { label: hall.label })}
          danger
          onConfirm={remove}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </section>
  )
}

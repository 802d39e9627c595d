import { useTranslation } from 'react-i18next'
import { type FloorPlanEditor, setBoothSelection } from '../../../api/console-floor-plans.ts'
import { useConsoleShell } from '../../console-state.ts'
import ui from '../../ui/ui.module.css'
import { useFormCall } from '../../ui/use-form-call.ts'
import { Alert } from '../../ui/form-end.tsx'

/**
 * Whether the exhibition's exhibitors choose and pay for their booths themselves
 * (docs/product.md#booth-checkout), or the organiser assigns them. Closing leaves held booths to
 * their orders' end.
 */
export function SelfSelection({ editor, onSaved }: { editor: FloorPlanEditor; onSaved(editor: FloorPlanEditor): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const open = editor.selfSelection
  const { busy, submit, message } = useFormCall(() => client.call(setBoothSelection, { exhibitionId: editor.exhibition.id, open: !open }), onSaved)
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="self-selection-title">
      <h2 id="self-selection-title">{t('floorPlan.selfSelection.title')}</h2>
      <p className={ui.muted}>{open ? t('floorPlan.selfSelection.open') : t('floorPlan.selfSelection.closed')}</p>
      <Alert message={message} />
      <div className={ui.actions}>
        <button type="submit" className={`${ui.button} ${open ? '' : ui.primary}`} disabled={busy}>
          {open ? t('floorPlan.selfSelection.close') : t('floorPlan.selfSelection.openAction')}
        </button>
      </div>
    </form>
  )
}

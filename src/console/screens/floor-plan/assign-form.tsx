import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { assignBooth, type EditorBooth, type FloorPlanEditor } from '../../../api/console-floor-plans.ts'
import { useConsoleShell } from '../../console-state.ts'
import { SelectField } from '../../ui/select-field.tsx'
import ui from '../../ui/ui.module.css'
import { textOf, useFormCall } from '../../ui/use-form-call.ts'
import { FormEnd } from '../../ui/form-end.tsx'

interface Props {
  editor: FloorPlanEditor
  booth: EditorBooth
  onClose(): void
  onSaved(editor: FloorPlanEditor): void
}

/**
 * Who stands at a booth: choosing an exhibitor of the exhibition sells it to them, choosing nobody
 * frees it. When the exhibitor has a booth already, the manager may move them (their old booth is
 * freed in the same step) or give them this one as well.
 */
export function AssignForm({ editor, booth, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const [chosen, setChosen] = useState(booth.exhibitor ? String(booth.exhibitor.id) : '')
  const others = editor.halls
    .flatMap((hall) => hall.booths)
    .filter((other) => other.id !== booth.id && other.state === 'sold' && String(other.exhibitor?.id) === chosen)
  const { busy, submit, fieldError, message } = useFormCall((form) => {
    const from = others.find((other) => String(other.id) === textOf(form, 'moveFrom'))
    return client.call(assignBooth, {
      exhibitionId: editor.exhibition.id,
      id: booth.id,
      version: booth.version,
      exhibitorId: chosen ? Number(chosen) : null,
      ...(from ? { moveFrom: { id: from.id, version: from.version } } : {}),
    })
  }, onSaved)
  const titleId = `assign-form-${booth.id}`
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{t('floorPlan.assignTitle', { number: booth.number })}</h3>
      <p className={ui.muted}>{t('floorPlan.assignLead')}</p>
      <SelectField
        label={t('floorPlan.exhibitor')}
        name="exhibitorId"
        defaultValue={chosen}
        options={[['', t('floorPlan.nobody')], ...editor.exhibitors.map((exhibitor): [string, string] => [String(exhibitor.id), exhibitor.name])]}
        error={fieldError('exhibitorId')}
        onChange={setChosen}
      />
      {others.length ? (
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('floorPlan.moveLegend')}</legend>
          <label className={ui.choice}>
            <input type="radio" name="moveFrom" value="" defaultChecked /> {t('floorPlan.alsoThis')}
          </label>
          {others.map((other) => (
            <label key={other.id} className={ui.choice}>
              <input type="radio" name="moveFrom" value={other.id} /> {t('floorPlan.moveFrom', { number: other.number })}
            </label>
          ))}
        </fieldset>
      ) : null}
      <FormEnd message={message || fieldError('moveFrom')} busy={busy} save={t('floorPlan.assignSave')} cancel={t('floorPlan.cancel')} onCancel={onClose} />
    </form>
  )
}

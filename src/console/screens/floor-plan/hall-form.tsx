import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type EditorHall, type FloorPlanEditor, saveHall } from '../../../api/console-floor-plans.ts'
import { FLOOR_PLAN_LIMITS } from '../../../../shared/rules/floor-plans.ts'
import { useConsoleShell } from '../../console-state.ts'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { textOf, useFormCall } from '../../ui/use-form-call.ts'
import { MetresField, metresOf } from './metres-field.tsx'
import { OTHER_LOCALES } from './hall-locales.ts'
import styles from './floor-plan.module.css'
import { FormEnd } from '../../ui/form-end.tsx'
import { lazySection } from '../../../lib/lazy-section.tsx'

const BackgroundField = lazySection('floor-plan/background-field', () => import('./background-field.tsx').then((module) => module.default))
// The eleven other languages' names load with the form, outside the screen's first JavaScript.
const HallNames = lazySection('floor-plan/hall-names', () => import('./hall-names.tsx').then((module) => module.default))

interface Props {
  editor: FloorPlanEditor
  hall: EditorHall | null
  onClose(): void
  onSaved(editor: FloorPlanEditor): void
}

/**
 * A hall's name, size and drawing. The first hall also sets the currency of booth prices (it stays
 * once a booth is priced, so it is asked only while the plan has no booth).
 */
export function HallForm({ editor, hall, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const [background, setBackground] = useState<{ id: string; src: string } | null>(
    hall?.background ? { id: hall.background.mediaId, src: hall.background.src } : null,
  )
  const priced = editor.halls.some((each) => each.booths.length > 0)
  const { busy, submit, fieldError, message } = useFormCall(
    (form) =>
      client.call(saveHall, {
        exhibitionId: editor.exhibition.id,
        ...(hall ? { id: hall.id, version: hall.version } : {}),
        label: textOf(form, 'label'),
        // Only once the names' fields are there: a form sent before they loaded keeps the names as they are.
        ...(form.has(`names.${OTHER_LOCALES[0]}`)
          ? { names: Object.fromEntries(OTHER_LOCALES.map((locale) => [locale, textOf(form, `names.${locale}`)])) }
          : {}),
        width: metresOf(form, 'width'),
        depth: metresOf(form, 'depth'),
        backgroundMediaId: background?.id ?? null,
        sort: Number(textOf(form, 'sort') || '0'),
        ...(priced ? {} : { currency: textOf(form, 'currency').toUpperCase() }),
      }),
    onSaved,
  )
  const titleId = hall ? `hall-form-${hall.id}` : 'hall-form-new'
  return (
    <form className={`${ui.form} ${ui.panel}`} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.panelTitle}>
        {hall ? t('floorPlan.editHallNamed', { label: hall.label }) : t('floorPlan.addHall')}
      </h2>
      <div className={styles.grid}>
        <TextField
          label={t('floorPlan.hallLabel')}
          name="label"
          defaultValue={hall?.label}
          maxLength={FLOOR_PLAN_LIMITS.label}
          required
          hint={t('floorPlan.hallLabelHint')}
          error={fieldError('label')}
        />
        <MetresField label={t('floorPlan.width')} name="width" dm={hall?.width ?? null} hint={t('floorPlan.metresHint')} error={fieldError('width')} />
        <MetresField label={t('floorPlan.depth')} name="depth" dm={hall?.depth ?? null} error={fieldError('depth')} />
        <TextField label={t('floorPlan.sort')} name="sort" type="number" min={0} defaultValue={hall?.sort ?? editor.halls.length} error={fieldError('sort')} />
        {priced ? null : (
          <TextField
            label={t('floorPlan.planCurrency')}
            name="currency"
            defaultValue={editor.currency ?? editor.defaultCurrency}
            maxLength={3}
            autoComplete="off"
            hint={t('floorPlan.planCurrencyHint')}
            error={fieldError('currency')}
          />
        )}
      </div>
      <Suspense fallback={null}>
        <HallNames names={hall?.names ?? {}} fieldError={fieldError} />
        <BackgroundField id={`${titleId}-background`} src={background?.src ?? null} onChange={setBackground} error={fieldError('backgroundMediaId')} />
      </Suspense>
      <FormEnd message={message} busy={busy} save={t('floorPlan.save')} cancel={t('floorPlan.cancel')} onCancel={onClose} />
    </form>
  )
}

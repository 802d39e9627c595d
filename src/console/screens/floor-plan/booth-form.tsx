import { useTranslation } from 'react-i18next'
import { type EditorBooth, type EditorHall, type FloorPlanEditor, saveBooth } from '../../../api/console-floor-plans.ts'
import { BOOTH_TYPES } from '../../../../shared/rules/floor-plans.ts'
import { amountText } from '../../../../shared/rules/money.ts'
import { useConsoleShell } from '../../console-state.ts'
import { SelectField } from '../../ui/select-field.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { moneyOf } from '../../ui/money-value.ts'
import { textOf, useFormCall } from '../../ui/use-form-call.ts'
import styles from './floor-plan.module.css'
import { MetresField, metresOf } from './metres-field.tsx'
import { FormEnd } from '../../ui/form-end.tsx'

/** Passes as typed ("2", "２"); empty is none. Anything else goes to the platform as not a number, which names the field. */
const passesOf = (typed: string) => {
  const text = typed.normalize('NFKC').trim()
  return text === '' ? 0 : /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN
}

interface Props {
  editor: FloorPlanEditor
  hall: EditorHall
  booth: EditorBooth | null
  onClose(): void
  onSaved(editor: FloorPlanEditor): void
}

/**
 * A booth typed in: its number, where it stands (metres from the hall's left and front), its size,
 * type, price in the plan's currency, the exhibitor passes its package includes, whether the package includes lead capture, and whether it is kept off sale. A held or sold booth keeps
 * its state (the checkbox is not offered).
 */
export function BoothForm({ editor, hall, booth, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const currency = editor.currency ?? editor.defaultCurrency
  const taken = booth?.state === 'sold' || booth?.state === 'held'
  const { busy, submit, fieldError, message } = useFormCall(
    (form) =>
      client.call(saveBooth, {
        exhibitionId: editor.exhibition.id,
        ...(booth ? { id: booth.id, version: booth.version } : {}),
        hallId: hall.id,
        number: textOf(form, 'number'),
        x: metresOf(form, 'x'),
        y: metresOf(form, 'y'),
        w: metresOf(form, 'w'),
        h: metresOf(form, 'h'),
        type: textOf(form, 'type') as EditorBooth['type'],
        priceMinor: moneyOf(form, 'price', currency, 'priceMinor'),
        currency,
        passesIncluded: passesOf(textOf(form, 'passes')),
        leadCapture: form.get('leadCapture') === 'on',
        blocked: form.get('blocked') === 'on',
      }),
    onSaved,
  )
  const titleId = booth ? `booth-form-${booth.id}` : `booth-form-new-${hall.id}`
  return (
    <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{booth ? t('floorPlan.editBooth', { number: booth.number }) : t('floorPlan.addBoothTo', { label: hall.label })}</h3>
      <div className={styles.grid}>
        <TextField
          label={t('floorPlan.number')}
          name="number"
          defaultValue={booth?.number}
          autoComplete="off"
          required
          hint={t('floorPlan.numberHint')}
          error={fieldError('number')}
        />
        <MetresField label={t('floorPlan.x')} name="x" dm={booth?.x ?? null} error={fieldError('x')} />
        <MetresField label={t('floorPlan.y')} name="y" dm={booth?.y ?? null} error={fieldError('y')} />
        {/* A new booth starts as the usual 3 × 3 m. */}
        <MetresField label={t('floorPlan.w')} name="w" dm={booth?.w ?? 30} error={fieldError('w')} />
        <MetresField label={t('floorPlan.h')} name="h" dm={booth?.h ?? 30} error={fieldError('h')} />
        <SelectField
          label={t('floorPlan.type')}
          name="type"
          defaultValue={booth?.type ?? 'shell'}
          options={BOOTH_TYPES.map((type): [string, string] => [type, t(`floorPlan.types.${type}`)])}
          error={fieldError('type')}
        />
        <TextField
          label={t('floorPlan.priceIn', { currency })}
          name="price"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={booth ? amountText(booth.priceMinor, booth.currency) : ''}
          required
          hint={t('floorPlan.priceHint')}
          error={fieldError('priceMinor') ?? fieldError('currency')}
        />
        <TextField
          label={t('floorPlan.passesIncluded')}
          name="passes"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={String(booth?.passesIncluded ?? 0)}
          hint={t('floorPlan.passesIncludedHint')}
          error={fieldError('passesIncluded')}
        />
      </div>
      <label className={ui.choice}>
        <input type="checkbox" name="leadCapture" defaultChecked={booth?.leadCapture ?? true} aria-describedby={`${titleId}-capture`} />{' '}
        {t('floorPlan.leadCapture')}
      </label>
      <p id={`${titleId}-capture`} className={ui.hint}>
        {t('floorPlan.leadCaptureHint')}
      </p>
      {taken ? null : (
        <label className={ui.choice}>
          <input type="checkbox" name="blocked" defaultChecked={booth?.state === 'blocked'} /> {t('floorPlan.blocked')}
        </label>
      )}
      <FormEnd
        message={message || fieldError('blocked') || fieldError('hallId')}
        busy={busy}
        save={t('floorPlan.save')}
        cancel={t('floorPlan.cancel')}
        onCancel={onClose}
      />
    </form>
  )
}

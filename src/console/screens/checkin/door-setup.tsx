import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BADGE_STOCK_NAMES, type BadgeStock } from '../../../../shared/rules/badges.ts'
import { CHECKIN_LIMITS } from '../../../../shared/rules/console-checkin.ts'
import ui from '../../ui/ui.module.css'
import styles from './checkin.module.css'

export interface DoorChoice {
  exhibitionId: number
  gate: string
  /** The badge stock this door's printer holds (docs/product.md#badges); absent in choices kept from before badges. */
  stock?: BadgeStock
}

interface DoorSetupProps {
  exhibitions: ReadonlyArray<{ id: number; title: string; city: string }>
  knownGates: readonly string[]
  initial: DoorChoice | null
  onChoose: (choice: DoorChoice) => void
}

/** Which exhibition this phone lets people into, and at which gate (free text, the known ones offered). */
export function DoorSetup({ exhibitions, knownGates, initial, onChoose }: DoorSetupProps) {
  const { t } = useTranslation()
  const ids = useId()
  const [exhibitionId, setExhibitionId] = useState(String(initial?.exhibitionId ?? exhibitions[0]?.id ?? ''))
  const [gate, setGate] = useState(initial?.gate ?? '')
  const [stock, setStock] = useState<BadgeStock>(initial?.stock ?? 'a6')
  const [missing, setMissing] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const chosen = Number(exhibitionId)
    if (!chosen || !gate.trim()) return setMissing(true)
    onChoose({ exhibitionId: chosen, gate: gate.trim(), stock })
  }

  if (!exhibitions.length) return <p className={ui.panel}>{t('checkin.setup.none')}</p>
  return (
    <form className={`${ui.panel} ${ui.form}`} onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <h2 id={`${ids}-title`} className={ui.panelTitle}>
        {t('checkin.setup.title')}
      </h2>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${ids}-exhibition`}>
          {t('checkin.setup.exhibition')}
        </label>
        <select id={`${ids}-exhibition`} className={ui.input} value={exhibitionId} onChange={(event) => setExhibitionId(event.target.value)}>
          {exhibitions.map((exhibition) => (
            <option key={exhibition.id} value={exhibition.id}>
              {exhibition.city ? `${exhibition.title} · ${exhibition.city}` : exhibition.title}
            </option>
          ))}
        </select>
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${ids}-gate`}>
          {t('checkin.setup.gate')}
        </label>
        <input
          id={`${ids}-gate`}
          className={ui.input}
          value={gate}
          maxLength={CHECKIN_LIMITS.gate}
          list={`${ids}-gates`}
          autoComplete="off"
          aria-invalid={missing && !gate.trim() ? true : undefined}
          aria-describedby={`${ids}-gate-hint`}
          onChange={(event) => setGate(event.target.value)}
        />
        <datalist id={`${ids}-gates`}>
          {knownGates.map((known) => (
            <option key={known} value={known} />
          ))}
        </datalist>
        <p id={`${ids}-gate-hint`} className={missing && !gate.trim() ? ui.fieldError : ui.hint}>
          {missing && !gate.trim() ? t('checkin.setup.gateMissing') : t('checkin.setup.gateHint')}
        </p>
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${ids}-stock`}>
          {t('checkin.setup.stock')}
        </label>
        <select id={`${ids}-stock`} className={ui.input} value={stock} onChange={(event) => setStock(event.target.value as BadgeStock)}>
          {BADGE_STOCK_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(`badges.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.setupActions}>
        <button type="submit" className={`${ui.button} ${ui.primary}`}>
          {t('checkin.setup.start')}
        </button>
      </div>
    </form>
  )
}

import { useTranslation } from 'react-i18next'
import type { EditorHall } from '../../../api/console-floor-plans.ts'
import { FLOOR_PLAN_LIMITS } from '../../../../shared/rules/floor-plans.ts'
import { localeName } from '../../content-kit/texts-editor.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { OTHER_LOCALES } from './hall-locales.ts'
import styles from './floor-plan.module.css'

/**
 * The hall's name in the other languages (docs/product.md#console-floor-plans), folded away until
 * wanted, open when one of them was refused.
 */
export default function HallNames({ names, fieldError }: { names: EditorHall['names']; fieldError(name: string): string | undefined }) {
  const { t } = useTranslation()
  const written = OTHER_LOCALES.filter((locale) => names[locale]).length
  const refused = OTHER_LOCALES.some((locale) => fieldError(`names.${locale}`))
  return (
    <details className={styles.names} open={refused || undefined}>
      <summary>
        {t('floorPlan.hallNames')} <span className={ui.muted}>({t('floorPlan.hallNamesCount', { written, count: OTHER_LOCALES.length })})</span>
      </summary>
      <p className={ui.muted}>{t('floorPlan.hallNamesHint')}</p>
      <div className={styles.grid}>
        {OTHER_LOCALES.map((locale) => (
          <TextField
            key={locale}
            label={t('floorPlan.hallNameIn', { language: `${localeName(locale)} (${locale})` })}
            name={`names.${locale}`}
            lang={locale}
            defaultValue={names[locale] ?? ''}
            maxLength={FLOOR_PLAN_LIMITS.label}
            error={fieldError(`names.${locale}`)}
          />
        ))}
      </div>
    </details>
  )
}

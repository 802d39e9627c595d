import { useTranslation } from 'react-i18next'
import type { CatalogExhibition } from '../../../api/console-catalog.ts'
import { CATALOG_LIMITS } from '../../../../shared/rules/console-catalog.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import styles from './catalog.module.css'

/**
 * The 12 languages side by side, one row each; a language without a name is marked missing (visitors
 * of it read the nearest language that has one). English is required.
 */
export function TextsGrid({ texts, fieldError }: { texts: CatalogExhibition['texts']; fieldError(name: string): string | undefined }) {
  const { t } = useTranslation()
  return (
    <TableFrame label={t('catalog.texts')}>
      <table className={`${ui.table} ${styles.texts}`}>
        <caption className={styles.caption}>{t('catalog.textsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('catalog.language')}</th>
            <th scope="col">{t('catalog.name')}</th>
            <th scope="col">{t('catalog.summary')}</th>
            <th scope="col">{t('catalog.venueName')}</th>
            <th scope="col">{t('catalog.cityText')}</th>
          </tr>
        </thead>
        <tbody>
          {LOCALES.map((locale) => {
            const text = texts[locale]
            const error = fieldError(`texts.${locale}.title`)
            return (
              <tr key={locale}>
                <th scope="row" className={ui.nowrap}>
                  <span lang="en">{locale}</span>
                  {text?.title ? null : <div className={`${ui.badge} ${ui.badgeWarn}`}>{t('catalog.missing')}</div>}
                </th>
                <td data-label={t('catalog.name')}>
                  <input
                    className={ui.input}
                    name={`${locale}.title`}
                    aria-label={`${t('catalog.name')} (${locale})`}
                    defaultValue={text?.title ?? ''}
                    maxLength={CATALOG_LIMITS.title}
                    aria-invalid={error ? true : undefined}
                  />
                  {error ? <p className={ui.fieldError}>{error}</p> : null}
                </td>
                <td data-label={t('catalog.summary')}>
                  <textarea
                    className={ui.input}
                    name={`${locale}.summary`}
                    aria-label={`${t('catalog.summary')} (${locale})`}
                    defaultValue={text?.summary ?? ''}
                    maxLength={CATALOG_LIMITS.summary}
                    rows={2}
                  />
                </td>
                <td data-label={t('catalog.venueName')}>
                  <input
                    className={ui.input}
                    name={`${locale}.venueName`}
                    aria-label={`${t('catalog.venueName')} (${locale})`}
                    defaultValue={text?.venueName ?? ''}
                    maxLength={CATALOG_LIMITS.venueName}
                  />
                </td>
                <td data-label={t('catalog.cityText')}>
                  <input
                    className={ui.input}
                    name={`${locale}.city`}
                    aria-label={`${t('catalog.cityText')} (${locale})`}
                    defaultValue={text?.city ?? ''}
                    maxLength={CATALOG_LIMITS.city}
                  />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </TableFrame>
  )
}

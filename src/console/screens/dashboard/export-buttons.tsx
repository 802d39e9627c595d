import { useTranslation } from 'react-i18next'
import { EXPORT_FORMATS, DASHBOARD_EXPORTS, exportHref } from '../../../../shared/rules/console-exports.ts'
import ui from '../../ui/ui.module.css'

/**
 * The exports of this exhibition (docs/product.md#console-exports): orders and attendees, CSV or XLSX,
 * as plain links the browser downloads while the server streams them; the console page stays, and a
 * refusal (too many exports at once, the member's limits) opens as one translated sentence.
 */
export function ExhibitionExports({ exhibitionId }: { exhibitionId: number }) {
  const { t } = useTranslation()
  return (
    <div className={ui.exports}>
      {DASHBOARD_EXPORTS.flatMap((kind) =>
        EXPORT_FORMATS.map((format) => (
          <a key={`${kind}.${format}`} className={ui.button} href={exportHref(exhibitionId, kind, format)}>
            {t(`dashboard.export.${kind}`, { format: format.toUpperCase() })}
          </a>
        )),
      )}
    </div>
  )
}

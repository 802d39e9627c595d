import { useTranslation } from 'react-i18next'
import { exportFile } from '../../../api/console.ts'
import { EXPORT_FORMATS, EXPORT_KINDS } from '../../../../shared/rules/console-exports.ts'
import { useConsoleShell } from '../../console-state.ts'
import { ExportButtons } from '../../ui/export-buttons.tsx'

/** The exports of this exhibition (docs/product.md#console-exports): orders and attendees, CSV or XLSX. */
export function ExhibitionExports({ exhibitionId }: { exhibitionId: number }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  return (
    <ExportButtons
      choices={EXPORT_KINDS.flatMap((kind) =>
        EXPORT_FORMATS.map((format) => ({
          key: `${kind}.${format}`,
          label: t(`dashboard.export.${kind}`, { format: format.toUpperCase() }),
          file: () => client.call(exportFile, { exhibitionId, kind, format, language }),
        })),
      )}
    />
  )
}

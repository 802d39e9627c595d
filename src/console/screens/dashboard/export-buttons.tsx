import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { exportFile } from '../../../api/console.ts'
import { EXPORT_FORMATS, EXPORT_KINDS, type ExportFormat, type ExportKind } from '../../../../shared/rules/console-exports.ts'
import { useConsoleShell } from '../../console-state.ts'
import { saveFile } from '../../lib/save-file.ts'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'

/** The exports of this exhibition (docs/product.md#console-exports): orders and attendees, CSV or XLSX. */
export function ExportButtons({ exhibitionId }: { exhibitionId: number }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const errorText = useErrorText()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  async function run(kind: ExportKind, format: ExportFormat) {
    setBusy(`${kind}.${format}`)
    setError(null)
    try {
      saveFile(await client.call(exportFile, { exhibitionId, kind, format, language }))
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className={ui.actions}>
      {EXPORT_KINDS.flatMap((kind) =>
        EXPORT_FORMATS.map((format) => (
          <button key={`${kind}.${format}`} type="button" className={ui.button} disabled={busy !== null} onClick={() => void run(kind, format)}>
            {t(`dashboard.export.${kind}`, { format: format.toUpperCase() })}
          </button>
        )),
      )}
      {error ? (
        <p className={ui.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

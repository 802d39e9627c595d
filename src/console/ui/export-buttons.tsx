import { useState } from 'react'
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/rules/console-exports.ts'
import { saveFile } from '../lib/save-file.ts'
import ui from './ui.module.css'
import { useErrorText } from './use-error-text.ts'

type ExportedFile = Parameters<typeof saveFile>[0]

/** One button of an export: its label and how to get the file. */
export interface ExportChoice {
  key: string
  label: string
  file(): Promise<ExportedFile>
}

/** The same export in each format the console offers (CSV, XLSX), labelled by format. */
export function formatChoices(label: (format: string) => string, file: (format: ExportFormat) => Promise<ExportedFile>): ExportChoice[] {
  return EXPORT_FORMATS.map((format) => ({ key: format, label: label(format.toUpperCase()), file: () => file(format) }))
}

/**
 * Download buttons of exports (docs/product.md#console-exports): one file at a time, saved as it
 * comes; a refusal (the member's limits, a database away) is said beside the buttons.
 */
export function ExportButtons({ lead, choices }: { lead?: string; choices: ExportChoice[] }) {
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run(choice: ExportChoice) {
    setBusy(true)
    setError(null)
    try {
      saveFile(await choice.file())
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className={ui.exports} aria-busy={busy}>
      {lead ? <span>{lead}</span> : null}
      {choices.map((choice) => (
        <button key={choice.key} type="button" className={ui.button} disabled={busy} onClick={() => void run(choice)}>
          {choice.label}
        </button>
      ))}
      {error ? (
        <p className={ui.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

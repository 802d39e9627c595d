import { useState } from 'react'
import { EXPORT_FORMATS, type ExportKind, exportHref } from '../../../shared/rules/console-exports.ts'
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

/**
 * A list of the exhibition's as plain download links, one per format (docs/product.md#streamed-exports):
 * the server streams the file under the staff cookie while the console page stays, and a refusal (too
 * many exports at once, the member's limits) opens as one translated sentence.
 */
export function ExportLinks({
  lead,
  label,
  exhibitionId,
  kind,
  only,
}: {
  lead?: string
  label: (format: string) => string
  exhibitionId: number
  kind: ExportKind
  only?: string | null
}) {
  return (
    <div className={ui.exports}>
      {lead ? <span>{lead}</span> : null}
      {EXPORT_FORMATS.map((format) => (
        <a key={format} className={ui.button} href={exportHref(exhibitionId, kind, format, only)}>
          {label(format.toUpperCase())}
        </a>
      ))}
    </div>
  )
}

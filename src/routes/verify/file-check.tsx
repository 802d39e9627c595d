import { type DragEvent, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DocumentVerdict, OfficialChannel } from '../../api/verification.ts'
import { useSite } from '../../app-state.ts'
import { VERIFY_FILE_FIELD, verifyDocumentAction } from '../../../shared/rules/verification.ts'
import { precheck, uploadPdf } from './upload.ts'
import { FileIcon, UploadIcon } from './verify-icons.tsx'
import styles from './verify.module.css'

/** Loaded with the first answer (document-result.tsx). */
const DocumentResult = lazy(() => import('./document-result.tsx').then((module) => ({ default: module.DocumentResult })))

type State =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; share: number }
  | { phase: 'checking'; name: string }
  | { phase: 'done'; id: number; name: string; verdict: DocumentVerdict }
  | { phase: 'failed'; message: string }

/** File verification: a PDF by drag and drop or the picker, its progress, and the answer. */
export function FileCheck({ channels }: { channels: OfficialChannel[] | undefined }) {
  const { t } = useTranslation('verify')
  const site = useSite()
  const maxMb = site.config.uploadMaxMb
  const picker = useRef<HTMLInputElement>(null)
  const abort = useRef<AbortController | null>(null)
  const [state, setState] = useState<State>({ phase: 'idle' })
  const [dragging, setDragging] = useState(false)
  const busy = state.phase === 'uploading' || state.phase === 'checking'

  useEffect(() => () => abort.current?.abort(), [])

  const check = async (file: File | undefined) => {
    if (!file || busy) return
    const refused = await precheck(file, maxMb)
    if (refused && !refused.ok) {
      setState({ phase: 'failed', message: t(refused.code, refused.params) })
      return
    }
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    setState({ phase: 'uploading', name: file.name, share: 0 })
    const outcome = await uploadPdf(file, {
      base: site.config.gatewayUrl ?? '',
      signal: controller.signal,
      onProgress: (share) => setState(share >= 1 ? { phase: 'checking', name: file.name } : { phase: 'uploading', name: file.name, share }),
    })
    if (controller.signal.aborted) return
    if (outcome.ok) setState({ phase: 'done', id: Date.now(), name: file.name, verdict: outcome.verdict })
    else setState({ phase: 'failed', message: t(outcome.code, { maxMb, ...outcome.params }) })
    if (picker.current) picker.current.value = ''
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    void check(event.dataTransfer.files[0])
  }

  return (
    <div className={styles.panelBody}>
      <p className={styles.panelIntro}>{t('file.intro')}</p>
      {/* Without scripts the form posts the file and the server answers with a page (docs/product.md#verification-without-javascript). */}
      <form method="post" action={verifyDocumentAction(site.lang)} encType="multipart/form-data">
        <div
          className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
          onDragOver={(event) => {
            event.preventDefault()
            event.dataTransfer.dropEffect = 'copy'
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
        >
          <UploadIcon size={36} className={styles.dropIcon} />
          <p className={styles.dropText}>{t('file.drop')}</p>
          <p className={styles.dropOr}>{t('file.or')}</p>
          <label className={styles.pick}>
            <input
              ref={picker}
              type="file"
              name={VERIFY_FILE_FIELD}
              required
              accept="application/pdf,.pdf"
              className={styles.fileInput}
              onChange={(event) => void check(event.target.files?.[0])}
              disabled={busy}
              aria-describedby="verify-file-limit verify-file-privacy"
            />
            <FileIcon size={20} />
            <span>{t('file.choose')}</span>
          </label>
          <p id="verify-file-limit" className={styles.limit}>
            {t('file.limit', { size: maxMb })}
          </p>
          <p id="verify-file-privacy" className={styles.hint}>
            {t('file.privacy')}
          </p>
          {/* With scripts a chosen file is checked at once; the button is for the page without them. */}
          <noscript>
            <button type="submit" className={styles.submit}>
              {t('file.submit')}
            </button>
          </noscript>
        </div>
      </form>

      <div className={styles.fileStatus} role="status" aria-live="polite">
        {state.phase === 'uploading' ? (
          <>
            <label htmlFor="verify-file-progress" className={styles.progressLabel}>
              {t('file.uploading', { name: state.name, percent: Math.round(state.share * 100) })}
            </label>
            <progress id="verify-file-progress" className={styles.progress} max={100} value={Math.round(state.share * 100)} />
          </>
        ) : null}
        {state.phase === 'checking' ? <p className={styles.progressLabel}>{t('file.checking', { name: state.name })}</p> : null}
      </div>
      {state.phase === 'failed' ? (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      ) : null}
      {state.phase === 'done' ? (
        <Suspense fallback={<p className={styles.progressLabel}>{t('file.checking', { name: state.name })}</p>}>
          <DocumentResult key={state.id} verdict={state.verdict} fileName={state.name} channels={channels} />
        </Suspense>
      ) : null}
    </div>
  )
}

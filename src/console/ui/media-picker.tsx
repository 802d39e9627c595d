/**
 * A picture (or video) field of a console form, backed by the media library (issue 18).
 *
 *   const [cover, setCover] = useState<MediaItem | null>(null)
 *   <MediaPicker id="cover" label={t('editor.cover')} value={cover} onChange={setCover} />
 *   <MediaPicker id="clip" label={t('editor.videoFile')} kind="video" value={clip} onChange={setClip} />
 *
 * It shows the chosen item (a thumbnail, or the video itself), uploads a new file (choose it or drop
 * it on the field; progress shown; refusals in the member's words) or picks one from the library
 * (searched, paged) in a dialog, and removes the choice. It stores nothing itself: the form saves what
 * it needs of `value` (`src`, `width`, `height`; `alt` as the default text per language). A page
 * shows `src` through Picture, which finds the modern copies from the address alone (mediaSources).
 * Needs the `editor` role (uploads and the library are console$saveMedia and console$mediaList).
 */
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { mediaList } from '../../api/console.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { MEDIA_LIMITS, type MediaItem, type MediaKind } from '../../api/rules/media.ts'
import { useConsoleShell } from '../console-state.ts'
import { thumbnailOf, uploadMedia } from '../lib/media-upload.ts'
import styles from './media-picker.module.css'
import ui from './ui.module.css'

const ACCEPT: Record<MediaKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
  video: 'video/mp4,video/webm',
}
const LIBRARY_PAGE_SIZE = 12

export interface MediaPickerProps {
  id: string
  label: string
  value: MediaItem | null
  onChange: (item: MediaItem | null) => void
  /** Pictures (default) or video files. */
  kind?: MediaKind
  /** A translated error of the form for this field. */
  error?: string | undefined
}

/** A refusal in the member's words, with what it names (the size limit) from the answer's data. */
export function useMediaErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation()
  return (error) => {
    const code = error instanceof GatewayError ? error.code : 'errors.unexpected'
    const data = error instanceof GatewayError ? (error.body as { data?: unknown } | null)?.data : null
    const params = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
    return i18n.exists(code) ? t(code, params) : t('errors.unexpected')
  }
}

export function MediaPicker({ id, label, value, onChange, kind = 'image', error }: MediaPickerProps) {
  const { t } = useTranslation()
  const errorText = useMediaErrorText()
  const labelId = `${id}-label`
  const hintId = `${id}-hint`
  const statusId = `${id}-status`
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState('')
  const [dragging, setDragging] = useState(false)
  const [libraryOpen, setLibraryOpen] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const uploading = useRef<AbortController | null>(null)

  useEffect(() => () => uploading.current?.abort(), [])

  const send = async (file: File | undefined) => {
    if (!file) return
    setProblem('')
    if (file.size === 0) return setProblem(t('console:errors.mediaNoFile'))
    const maxMb = kind === 'video' ? MEDIA_LIMITS.videoMb : MEDIA_LIMITS.imageMb
    // Refused here at once rather than after minutes of sending; the server checks again.
    if (file.size > maxMb * 1024 * 1024) return setProblem(t('console:errors.mediaTooLarge', { maxMb }))
    uploading.current?.abort()
    const controller = new AbortController()
    uploading.current = controller
    setProgress(0)
    try {
      const item = await uploadMedia(file, setProgress, controller.signal)
      if (item.kind !== kind) setProblem(t(kind === 'video' ? 'media.picker.notVideo' : 'media.picker.notImage'))
      else onChange(item)
    } catch (caught) {
      if (!controller.signal.aborted) setProblem(errorText(caught))
    } finally {
      if (uploading.current === controller) uploading.current = null
      setProgress(null)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    void send(event.dataTransfer.files[0])
  }

  const busy = progress !== null
  const percent = Math.round((progress ?? 0) * 100)
  const maxMb = kind === 'video' ? MEDIA_LIMITS.videoMb : MEDIA_LIMITS.imageMb
  const message = problem || error

  return (
    <fieldset className={styles.picker} aria-describedby={hintId}>
      <legend className={`${ui.label} ${styles.legend}`} id={labelId}>
        {label}
      </legend>
      {value ? (
        <div className={styles.chosen}>
          {value.kind === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: a preview for the editor; captions belong to the page that shows the video
            <video className={styles.video} src={value.src} controls preload="metadata" />
          ) : (
            <img
              className={styles.thumb}
              src={thumbnailOf(value, 160)}
              alt=""
              width={160}
              height={Math.max(1, Math.round((160 * value.height) / value.width))}
            />
          )}
          <div className={styles.facts}>
            <span className={styles.name}>{value.name}</span>
            <span className={ui.muted}>
              {value.kind === 'video' ? t('media.picker.video') : t('media.picker.size', { width: value.width, height: value.height })}
            </span>
            <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} onClick={() => onChange(null)} disabled={busy}>
              {t('media.picker.remove')}
            </button>
          </div>
        </div>
      ) : (
        <p className={`${ui.muted} ${styles.none}`}>{t('media.picker.none')}</p>
      )}
      <div
        className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label className={ui.label} htmlFor={`${id}-file`}>
          {value ? t('media.picker.uploadOther') : t('media.picker.upload')}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          className={styles.file}
          type="file"
          accept={ACCEPT[kind]}
          disabled={busy}
          aria-describedby={`${hintId}${message ? ` ${statusId}` : ''}`}
          onChange={(event) => void send(event.currentTarget.files?.[0])}
        />
        <p className={ui.hint} id={hintId}>
          {t(kind === 'video' ? 'media.picker.hintVideo' : 'media.picker.hintImage', { maxMb })}
        </p>
        <div className={ui.actions}>
          <button type="button" className={ui.button} onClick={() => setLibraryOpen(true)} disabled={busy}>
            {t('media.picker.choose')}
          </button>
        </div>
      </div>
      <div id={statusId} aria-live="polite">
        {busy ? (
          <p className={styles.progress}>
            <label htmlFor={`${id}-progress`}>{percent < 100 ? t('media.picker.uploading', { percent }) : t('media.picker.processing')}</label>
            <progress id={`${id}-progress`} max={100} value={percent} />
          </p>
        ) : null}
        {message ? (
          <p className={ui.fieldError} role="alert">
            {message}
          </p>
        ) : null}
      </div>
      {libraryOpen ? (
        <LibraryDialog
          kind={kind}
          onClose={() => setLibraryOpen(false)}
          onChoose={(item) => {
            setProblem('')
            setLibraryOpen(false)
            onChange(item)
          }}
        />
      ) : null}
    </fieldset>
  )
}

/** The library in a modal dialog: focus stays inside, Escape closes it, focus returns to the button. */
function LibraryDialog({ kind, onClose, onChoose }: { kind: MediaKind; onClose(): void; onChoose(item: MediaItem): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useMediaErrorText()
  const titleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [result, setResult] = useState<{ rows: MediaItem[]; total: number } | null>(null)
  const [problem, setProblem] = useState('')

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])

  // errorText is a new function each render; the list depends on what is asked only.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    let current = true
    setProblem('')
    client
      .call(mediaList, { search, kind, page, pageSize: LIBRARY_PAGE_SIZE })
      .then((answer) => {
        if (current) setResult(answer)
      })
      .catch((caught: unknown) => {
        if (current) setProblem(errorText(caught))
      })
    return () => {
      current = false
    }
  }, [client, search, kind, page])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setPage(1)
    setSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim())
  }
  const pages = result ? Math.max(1, Math.ceil(result.total / LIBRARY_PAGE_SIZE)) : 1

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <div className={styles.dialogHead}>
        <h2 className={ui.panelTitle} id={titleId}>
          {t('media.picker.libraryTitle')}
        </h2>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={onClose}>
          {t('media.picker.close')}
        </button>
      </div>
      <form className={styles.search} onSubmit={submit}>
        <label className={ui.label} htmlFor={`${titleId}-search`}>
          {t('media.picker.search')}
        </label>
        <div className={styles.searchRow}>
          <input id={`${titleId}-search`} className={ui.input} name="search" type="search" defaultValue={search} maxLength={MEDIA_LIMITS.search} />
          <button type="submit" className={ui.button}>
            {t('media.picker.searchButton')}
          </button>
        </div>
      </form>
      {problem ? (
        <p className={ui.alert} role="alert">
          {problem}
        </p>
      ) : null}
      {result === null && !problem ? <p className={ui.muted}>{t('media.picker.loading')}</p> : null}
      {result && result.rows.length === 0 ? <p className={ui.muted}>{t('media.picker.nothing')}</p> : null}
      {result && result.rows.length > 0 ? (
        <ul className={styles.grid}>
          {result.rows.map((item) => (
            <li key={item.id}>
              <button type="button" className={styles.tile} onClick={() => onChoose(item)} aria-label={t('media.picker.pick', { name: item.name })}>
                {item.kind === 'image' ? (
                  <img
                    className={styles.tileImage}
                    src={thumbnailOf(item, 140)}
                    alt=""
                    width={140}
                    height={Math.max(1, Math.round((140 * item.height) / item.width))}
                    loading="lazy"
                  />
                ) : (
                  <span className={styles.tileVideo} aria-hidden="true">
                    ▶
                  </span>
                )}
                <span className={styles.tileName}>{item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {result ? (
        <nav className={ui.pager} aria-label={t('media.picker.pages')}>
          <span>{t('media.picker.page', { page, pages, total: result.total })}</span>
          <span className={ui.actions}>
            {page > 1 ? (
              <button type="button" className={ui.button} onClick={() => setPage(page - 1)}>
                {t('common.previousPage')}
              </button>
            ) : null}
            {page < pages ? (
              <button type="button" className={ui.button} onClick={() => setPage(page + 1)}>
                {t('common.nextPage')}
              </button>
            ) : null}
          </span>
        </nav>
      ) : null}
    </dialog>
  )
}

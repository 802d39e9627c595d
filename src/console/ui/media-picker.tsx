/**
 * A picture (or video) field of a console form, backed by the media library (docs/product.md#console-media).
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
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { mediaList } from '../../api/console-media.ts'
import { MEDIA_LIMITS, type MediaItem, type MediaKind } from '../../../shared/rules/media.ts'
import { useConsoleShell } from '../console-state.ts'
import { thumbnailOf, uploadMedia } from '../lib/media-upload.ts'
import styles from './media-picker.module.css'
import ui from './ui.module.css'
import { useErrorText } from './use-error-text.ts'
import { Alert } from './form-end.tsx'

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

/** A file's thumbnail in a grid of tiles (the picker's, or the library's larger ones): the image, or a play sign for a video. */
export function MediaThumb({ item, large = false }: { item: MediaItem; large?: boolean }) {
  const width = large ? 200 : 140
  const size = large ? styles.large : ''
  return item.kind === 'image' ? (
    <img
      className={`${styles.tileImage} ${size}`}
      src={thumbnailOf(item, width)}
      alt=""
      width={width}
      height={Math.max(1, Math.round((width * item.height) / item.width))}
      loading="lazy"
    />
  ) : (
    <span className={`${styles.tileVideo} ${size}`} aria-hidden="true">
      ▶
    </span>
  )
}

export function MediaPicker({ id, label, value, onChange, kind = 'image', error }: MediaPickerProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [libraryOpen, setLibraryOpen] = useState(false)
  const chooseButton = useRef<HTMLButtonElement>(null)
  // The dialog leaves the page: focus goes back to the button that opened it, not to the page's start.
  const closeLibrary = () => {
    setLibraryOpen(false)
    requestAnimationFrame(() => chooseButton.current?.focus())
  }

  return (
    <fieldset className={styles.picker}>
      <legend className={`${ui.label} ${styles.legend}`}>{label}</legend>
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
      <UploadZone
        id={id}
        kind={kind}
        label={value ? t('media.picker.uploadOther') : t('media.picker.upload')}
        error={error}
        onBusy={setBusy}
        onUploaded={onChange}
      >
        <button ref={chooseButton} type="button" className={ui.button} onClick={() => setLibraryOpen(true)} disabled={busy}>
          {t('media.picker.choose')}
        </button>
      </UploadZone>
      {libraryOpen ? (
        <LibraryDialog
          kind={kind}
          onClose={closeLibrary}
          onChoose={(item) => {
            closeLibrary()
            onChange(item)
          }}
        />
      ) : null}
    </fieldset>
  )
}

interface UploadZoneProps {
  id: string
  /** What may be uploaded here; `any` takes pictures and videos (the library's own page). */
  kind: MediaKind | 'any'
  label: string
  /** A translated error of the form, shown where upload errors are. */
  error?: string | undefined
  onUploaded(item: MediaItem): void
  onBusy?(busy: boolean): void
  /** More actions beside the file field. */
  children?: ReactNode
}

/**
 * A file field that uploads at once: choose a file or drop it on the zone, see the progress, read a
 * refusal in the member's words. Used by MediaPicker and by the library's page.
 */
export function UploadZone({ id, kind, label, error, onUploaded, onBusy, children }: UploadZoneProps) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const hintId = `${id}-hint`
  const statusId = `${id}-status`
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState('')
  const [dragging, setDragging] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const uploading = useRef<AbortController | null>(null)

  useEffect(() => () => uploading.current?.abort(), [])

  const send = async (file: File | undefined) => {
    if (!file) return
    setProblem('')
    if (file.size === 0) return setProblem(t('console:errors.mediaNoFile'))
    const maxMb = kind === 'image' ? MEDIA_LIMITS.imageMb : MEDIA_LIMITS.videoMb
    // Refused here at once rather than after minutes of sending; the server checks again (and by content).
    if (file.size > maxMb * 1024 * 1024) return setProblem(t('console:errors.mediaTooLarge', { maxMb }))
    uploading.current?.abort()
    const controller = new AbortController()
    uploading.current = controller
    setProgress(0)
    onBusy?.(true)
    try {
      onUploaded(await uploadMedia(file, kind, setProgress, controller.signal))
    } catch (caught) {
      if (!controller.signal.aborted) setProblem(errorText(caught))
    } finally {
      if (uploading.current === controller) uploading.current = null
      setProgress(null)
      onBusy?.(false)
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
  const message = problem || error
  const hint =
    kind === 'any'
      ? t('media.picker.hintAny', { imageMb: MEDIA_LIMITS.imageMb, videoMb: MEDIA_LIMITS.videoMb })
      : t(kind === 'video' ? 'media.picker.hintVideo' : 'media.picker.hintImage', { maxMb: kind === 'video' ? MEDIA_LIMITS.videoMb : MEDIA_LIMITS.imageMb })

  return (
    <>
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
          {label}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          className={styles.file}
          type="file"
          accept={kind === 'any' ? `${ACCEPT.image},${ACCEPT.video}` : ACCEPT[kind]}
          disabled={busy}
          aria-describedby={`${hintId}${message ? ` ${statusId}` : ''}`}
          aria-invalid={message ? true : undefined}
          onChange={(event) => void send(event.currentTarget.files?.[0])}
        />
        <p className={ui.hint} id={hintId}>
          {hint}
        </p>
        {children ? <div className={ui.actions}>{children}</div> : null}
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
    </>
  )
}

/** The library in a modal dialog: focus stays inside, Escape closes it, focus returns to the button. */
function LibraryDialog({ kind, onClose, onChoose }: { kind: MediaKind; onClose(): void; onChoose(item: MediaItem): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const errorText = useErrorText()
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

  const [typed, setTyped] = useState('')
  const runSearch = () => {
    setPage(1)
    setSearch(typed.trim())
  }
  const pages = result ? Math.max(1, Math.ceil(result.total / LIBRARY_PAGE_SIZE)) : 1

  // In <body>, not inside the editor's form: its fields and buttons are no part of that form.
  return createPortal(
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <div className={styles.dialogHead}>
        <h2 className={ui.panelTitle} id={titleId}>
          {t('media.picker.libraryTitle')}
        </h2>
        <button type="button" className={`${ui.button} ${ui.small}`} onClick={onClose}>
          {t('media.picker.close')}
        </button>
      </div>
      {/* Not a <form>: the picker sits inside the editor's form, and a search must not submit it. */}
      <div className={styles.search}>
        <label className={ui.label} htmlFor={`${titleId}-search`}>
          {t('media.picker.search')}
        </label>
        <div className={styles.searchRow}>
          <input
            id={`${titleId}-search`}
            className={ui.input}
            type="search"
            value={typed}
            maxLength={MEDIA_LIMITS.search}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return
              // Enter would submit the editor's form around the picker.
              event.preventDefault()
              runSearch()
            }}
          />
          <button type="button" className={ui.button} onClick={runSearch}>
            {t('media.picker.searchButton')}
          </button>
        </div>
      </div>
      <Alert message={problem} />
      {result === null && !problem ? <p className={ui.muted}>{t('media.picker.loading')}</p> : null}
      {result && result.rows.length === 0 ? <p className={ui.muted}>{t('media.picker.nothing')}</p> : null}
      {result && result.rows.length > 0 ? (
        <ul className={styles.grid}>
          {result.rows.map((item) => (
            <li key={item.id}>
              <button type="button" className={styles.tile} onClick={() => onChoose(item)} aria-label={t('media.picker.pick', { name: item.name })}>
                <MediaThumb item={item} />
                <span className={styles.tileName}>{item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {result ? (
        <nav className={ui.pager} aria-label={t('media.picker.pages')}>
          <span>{t('media.picker.page', { page, pages, count: result.total })}</span>
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
    </dialog>,
    document.body,
  )
}

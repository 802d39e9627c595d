import { useTranslation } from 'react-i18next'
import { type MediaItem, parseMediaPath } from '../../../shared/rules/media.ts'
import { MediaPicker } from '../ui/media-picker.tsx'
import { TextField } from '../ui/text-field.tsx'
import styles from './content-kit.module.css'

interface VideoFieldProps {
  id: string
  label: string
  value: string | null
  onChange(src: string | null): void
  error?: string | undefined
}

/** The library item an uploaded video's address stands for. */
function itemOf(src: string | null, name: string): MediaItem | null {
  const parsed = src ? parseMediaPath(src) : null
  if (parsed?.kind !== 'video' || !src) return null
  return { id: parsed.hash, kind: 'video', src, width: 0, height: 0, sources: [], alt: {}, name, bytes: 0, createdAt: '' }
}

/** A clip of our own: uploaded or chosen from the media library, or a stream (MP4 or HLS) typed as an https address. */
export function VideoField({ id, label, value, onChange, error }: VideoFieldProps) {
  const { t } = useTranslation()
  const item = itemOf(value, t('pages.uploadedVideo'))
  return (
    <div className={styles.image}>
      <MediaPicker
        id={id}
        kind="video"
        label={label}
        value={item}
        error={item || !value ? error : undefined}
        onChange={(chosen) => onChange(chosen?.src ?? null)}
      />
      {item ? null : (
        <TextField
          label={t('pages.streamAddress')}
          hint={t('pages.videoSourceHint')}
          value={value ?? ''}
          inputMode="url"
          spellCheck={false}
          error={value ? error : undefined}
          onChange={(event) => onChange(event.target.value.trim() || null)}
        />
      )}
    </div>
  )
}

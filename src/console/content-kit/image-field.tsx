import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { isMediaPath, type MediaItem, mediaSources, parseMediaPath } from '../../../shared/rules/media.ts'
import { MediaPicker } from '../ui/media-picker.tsx'
import ui from '../ui/ui.module.css'
import styles from './content-kit.module.css'

interface ImageFieldProps {
  label: string
  value: string | null
  /** The address chosen, with the picture's size when it is known (an upload's). */
  onChange(src: string | null, size?: { width: number; height: number }): void
  error?: string | undefined
}

/** The library item an uploaded picture's address stands for: the address says its hash, size and copies. */
export function mediaItemOf(src: string | null, name: string): MediaItem | null {
  const parsed = src && isMediaPath(src) ? parseMediaPath(src) : null
  if (parsed?.kind !== 'image' || !src) return null
  return {
    id: parsed.hash,
    kind: 'image',
    src,
    width: parsed.width,
    height: parsed.height,
    sources: mediaSources(src),
    alt: {},
    name,
    bytes: 0,
    createdAt: '',
  }
}

/**
 * A picture of the content: uploaded or chosen from the media library (the picker), or, for pictures
 * that are files of the site or on another https site, typed as an address.
 */
export function ImageField({ label, value, onChange, error }: ImageFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const item = mediaItemOf(value, t('pages.uploadedPicture'))
  return (
    <div className={styles.image}>
      <MediaPicker
        id={`${id}-picker`}
        label={label}
        value={item}
        error={item || !value ? error : undefined}
        onChange={(chosen) => onChange(chosen?.src ?? null, chosen ? { width: chosen.width, height: chosen.height } : undefined)}
      />
      {item ? null : (
        <div className={ui.field}>
          <label className={ui.label} htmlFor={`${id}-address`}>
            {t('pages.imageAddress', { label })}
          </label>
          <input
            id={`${id}-address`}
            className={ui.input}
            value={value ?? ''}
            inputMode="url"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => onChange(event.target.value.trim() || null)}
          />
          <p className={ui.hint} id={`${id}-hint`}>
            {t('pages.imageHint')}
          </p>
          {error && value ? (
            <p className={ui.fieldError} id={`${id}-error`}>
              {error}
            </p>
          ) : null}
          {value && /^(\/(?!\/)|https:\/\/)/.test(value) ? <img className={styles.thumb} src={value} alt="" /> : null}
        </div>
      )}
    </div>
  )
}

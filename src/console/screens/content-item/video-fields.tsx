import { useTranslation } from 'react-i18next'
import { EDITORIAL_LIMITS } from '../../../../shared/rules/console-editorial.ts'
import { VIDEO_CATEGORIES, VIDEO_SOURCE_TYPES } from '../../../../shared/rules/editorial.ts'
import { type MediaItem, parseMediaPath } from '../../../../shared/rules/media.ts'
import { LOCALES, type Locale } from '../../../../shared/languages.ts'
import { MediaPicker } from '../../ui/media-picker.tsx'
import ui from '../../ui/ui.module.css'
import styles from './content-item.module.css'
import { Field } from './field.tsx'
import type { Form } from './form.ts'

/** The library item an uploaded video's address stands for (the address says its hash and format). */
function videoItemOf(src: string): MediaItem | null {
  const parsed = src ? parseMediaPath(src) : null
  if (parsed?.kind !== 'video') return null
  return { id: parsed.hash, kind: 'video', src, width: 0, height: 0, sources: [], alt: {}, name: src.split('/').slice(-2).join('/'), bytes: 0, createdAt: '' }
}

/** The first language without a caption track yet, for a new row. */
const nextCaptionLocale = (captions: ReadonlyArray<{ locale: Locale }>): Locale =>
  LOCALES.find((locale) => !captions.some((caption) => caption.locale === locale)) ?? 'en'

interface VideoFieldsProps {
  form: Form
  set(patch: Partial<Form>): void
  fieldError(name: string): string | undefined
}

/**
 * What only a video has: its category and length, its file (from the media library) or stream
 * address, and its caption tracks. A chunk of its own: news and bulletins never load it.
 */
export default function VideoFields({ form, set, fieldError }: VideoFieldsProps) {
  const { t } = useTranslation()
  return (
    <>
      <Field id="content-category" label={t('contentItem.category')}>
        <select
          id="content-category"
          className={ui.input}
          value={form.category}
          onChange={(event) => set({ category: event.target.value as Form['category'] })}
        >
          {VIDEO_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {t(`contentItem.categories.${value}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="content-duration" label={t('contentItem.duration')} error={fieldError('durationSeconds')}>
        <input
          id="content-duration"
          className={ui.input}
          inputMode="numeric"
          value={form.durationSeconds}
          aria-invalid={fieldError('durationSeconds') ? true : undefined}
          onChange={(event) => set({ durationSeconds: event.target.value })}
        />
      </Field>
      <MediaPicker
        id="content-video-file"
        label={t('contentItem.videoFile')}
        kind="video"
        value={videoItemOf(form.sourceSrc)}
        error={videoItemOf(form.sourceSrc) ? (fieldError('sources') ?? fieldError('sources.0.src')) : undefined}
        onChange={(chosen) =>
          set(chosen ? { sourceSrc: chosen.src, sourceType: chosen.src.endsWith('.webm') ? 'video/webm' : 'video/mp4' } : { sourceSrc: '' })
        }
      />
      {videoItemOf(form.sourceSrc) ? null : (
        <>
          <Field
            id="content-source"
            label={t('contentItem.source')}
            hint={t('contentItem.sourceHint')}
            error={fieldError('sources') ?? fieldError('sources.0.src')}
          >
            <input
              id="content-source"
              className={ui.input}
              value={form.sourceSrc}
              inputMode="url"
              spellCheck={false}
              aria-describedby="content-source-hint"
              aria-invalid={fieldError('sources') || fieldError('sources.0.src') ? true : undefined}
              onChange={(event) => set({ sourceSrc: event.target.value })}
            />
          </Field>
          <Field id="content-source-type" label={t('contentItem.sourceType')}>
            <select
              id="content-source-type"
              className={ui.input}
              value={form.sourceType}
              onChange={(event) => set({ sourceType: event.target.value as Form['sourceType'] })}
            >
              {VIDEO_SOURCE_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`contentItem.sourceTypes.${value === 'application/vnd.apple.mpegurl' ? 'hls' : value === 'video/mp4' ? 'mp4' : 'webm'}`)}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
      <fieldset className={ui.fieldset}>
        <legend className={ui.legend}>{t('contentItem.captions')}</legend>
        <p className={ui.hint}>{t('contentItem.captionsHint')}</p>
        {form.captions.map((caption, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved
          <div key={index} className={styles.captionRow}>
            <Field id={`content-caption-locale-${index}`} label={t('contentItem.captionLanguage')} error={fieldError(`captions.${index}.locale`)}>
              <select
                id={`content-caption-locale-${index}`}
                className={ui.input}
                value={caption.locale}
                onChange={(event) =>
                  set({ captions: form.captions.map((other, at) => (at === index ? { ...other, locale: event.target.value as Locale } : other)) })
                }
              >
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {locale}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`content-caption-src-${index}`} label={t('contentItem.captionAddress')} error={fieldError(`captions.${index}.src`)}>
              <input
                id={`content-caption-src-${index}`}
                className={ui.input}
                value={caption.src}
                inputMode="url"
                spellCheck={false}
                aria-invalid={fieldError(`captions.${index}.src`) ? true : undefined}
                onChange={(event) => set({ captions: form.captions.map((other, at) => (at === index ? { ...other, src: event.target.value } : other)) })}
              />
            </Field>
            <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => set({ captions: form.captions.filter((_, at) => at !== index) })}>
              {t('contentItem.removeCaption', { language: caption.locale })}
            </button>
          </div>
        ))}
        {form.captions.length < EDITORIAL_LIMITS.captionsMax ? (
          <button
            type="button"
            className={`${ui.button} ${ui.small} ${styles.addCaption}`}
            onClick={() => set({ captions: [...form.captions, { src: '', locale: nextCaptionLocale(form.captions) }] })}
          >
            {t('contentItem.addCaption')}
          </button>
        ) : null}
      </fieldset>
    </>
  )
}

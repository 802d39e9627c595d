import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useRevalidator } from 'react-router'
import { deleteMedia, mediaDetail, saveMedia } from '../../../api/console-media.ts'
import type { MediaUse } from '../../../../shared/contracts/console-media.ts'
import { consoleContentPath } from '../../../../shared/rules/console-editorial.ts'
import { MEDIA_LIMITS, type MediaItem, mediaWidths } from '../../../../shared/rules/media.ts'
import { ALL_URL_LANGUAGES, LANGUAGE_INFO, LOCALES, type Locale } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { ADVERTS_PATH, exhibitionContentPath } from '../../lib/content-paths.ts'
import { MEDIA_PATH } from '../../lib/media-paths.ts'
import { thumbnailOf } from '../../lib/media-upload.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { Alert, FormEnd } from '../../ui/form-end.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { useAction } from '../../ui/use-action.ts'
import { useFormCall } from '../../ui/use-form-call.ts'
import styles from '../../ui/media.module.css'

type Detail = Awaited<ReturnType<typeof loadDetail>>

const loadDetail = (args: LoaderFunctionArgs, id: string) => staffCall(args, mediaDetail, { id })

/** One file of the library with the pages that show it. */
export async function loader(args: LoaderFunctionArgs) {
  const id = args.params.id ?? ''
  if (!/^[0-9a-f]{32}$/.test(id)) throw data(null, { status: 404 })
  return loadDetail(args, id)
}

/** Where an editor changes the page that shows the file. */
function editorOf(use: MediaUse): string {
  if (use.kind === 'exhibition') return exhibitionContentPath(use.id)
  if (use.kind === 'advert') return ADVERTS_PATH
  return consoleContentPath(use.kind === 'article' ? 'news' : use.kind, use.id)
}

/** A locale's name as its speakers write it (zh-tw is the site's `zh`). */
const localeName = (locale: Locale) => LANGUAGE_INFO[ALL_URL_LANGUAGES.find((language) => LANGUAGE_INFO[language].locale === locale) ?? 'en'].nativeName

function Facts({ item }: { item: MediaItem }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const size = new Intl.NumberFormat(language, { style: 'unit', unit: item.bytes >= 1024 * 1024 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
    item.bytes / (item.bytes >= 1024 * 1024 ? 1024 * 1024 : 1024),
  )
  return (
    <dl className={styles.facts}>
      {item.kind === 'image' ? (
        <>
          <dt>{t('media.pixels')}</dt>
          <dd>{t('media.picker.size', { width: item.width, height: item.height })}</dd>
        </>
      ) : null}
      <dt>{t('media.bytes')}</dt>
      <dd>{size}</dd>
      <dt>{t('media.uploadedAt')}</dt>
      <dd>{formatDateTime(item.createdAt, language)}</dd>
      <dt>{t('media.address')}</dt>
      <dd className={ui.mono}>{item.src}</dd>
      {item.kind === 'image' ? (
        <>
          <dt>{t('media.copies')}</dt>
          <dd>{t('media.copiesText', { raster: item.src.endsWith('.png') ? 'PNG' : 'JPEG', widths: mediaWidths(item.width).join(', ') })}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** The name and the default alt text in every language side by side, the missing ones marked. */
function TextsForm({ item }: { item: MediaItem }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const revalidator = useRevalidator()
  const [saved, setSaved] = useState(false)
  const [alt, setAlt] = useState<Partial<Record<Locale, string>>>(item.alt)
  const { busy, submit, fieldError, message } = useFormCall(
    async (form) => {
      setSaved(false)
      await client.call(saveMedia, { id: item.id, name: String(form.get('name') ?? ''), alt })
    },
    async () => {
      await revalidator.revalidate()
      setSaved(true)
    },
  )

  return (
    <form className={`${ui.panel} ${ui.form}`} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('media.name')}
        hint={t('media.nameHint')}
        name="name"
        defaultValue={item.name}
        maxLength={MEDIA_LIMITS.name}
        required
        error={fieldError('name')}
      />
      {item.kind === 'image' ? (
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('media.altTitle')}</legend>
          <p className={ui.hint}>{t('media.altHint')}</p>
          <div className={styles.altGrid}>
            {LOCALES.map((locale) => {
              const id = `alt-${locale}`
              const missing = !alt[locale]?.trim()
              const error = fieldError(`alt.${locale}`)
              return (
                <div key={locale} className={ui.field}>
                  <label className={`${ui.label} ${styles.altLabel}`} htmlFor={id}>
                    <span lang={locale}>{localeName(locale)}</span> <span className={ui.muted}>({locale})</span>
                    {missing ? <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('media.missing')}</span> : null}
                  </label>
                  <input
                    id={id}
                    className={ui.input}
                    lang={locale}
                    value={alt[locale] ?? ''}
                    maxLength={MEDIA_LIMITS.alt}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(event) => {
                      const text = event.currentTarget.value
                      setAlt((current) => ({ ...current, [locale]: text }))
                    }}
                  />
                  {error ? (
                    <p className={ui.fieldError} id={`${id}-error`}>
                      {error}
                    </p>
                  ) : null}
                </div>
              )
            })}
          </div>
        </fieldset>
      ) : null}
      <FormEnd message={message} busy={busy} save={t('media.save')} />
      <p className={saved ? ui.success : 'visually-hidden'} role="status">
        {saved ? t('media.saved') : ''}
      </p>
    </form>
  )
}

/** Delete, asked twice; refused (and disabled) while a page shows the file. */
function DeletePanel({ item, inUse }: { item: MediaItem; inUse: boolean }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const navigate = useNavigate()
  const [asking, setAsking] = useState(false)
  const { busy, error, run } = useAction()
  const remove = () =>
    run(async () => {
      await client.call(deleteMedia, { id: item.id })
      navigate(MEDIA_PATH)
    })

  return (
    <div className={ui.panel}>
      {inUse ? <p className={ui.hint}>{t('media.inUseNote')}</p> : null}
      {asking ? (
        <div className={ui.form}>
          <p>{t('media.deleteConfirm', { name: item.name })}</p>
          <div className={ui.actions}>
            <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => void remove()} disabled={busy}>
              {t('media.delete')}
            </button>
            <button type="button" className={ui.button} onClick={() => setAsking(false)} disabled={busy}>
              {t('media.keep')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => setAsking(true)} disabled={inUse}>
          {t('media.delete')}
        </button>
      )}
      <Alert message={error} />
    </div>
  )
}

export function Component() {
  const { t } = useTranslation()
  const { item, uses } = useLoaderData() as Detail
  return (
    <ConsolePage
      title={item.name}
      actions={
        <Link className={ui.button} to={MEDIA_PATH}>
          {t('media.back')}
        </Link>
      }
    >
      <div className={styles.layout}>
        <div className={ui.form}>
          {item.kind === 'image' ? (
            <img
              className={styles.preview}
              src={thumbnailOf(item, 320)}
              alt={item.alt.en ?? ''}
              width={640}
              height={Math.max(1, Math.round((640 * item.height) / item.width))}
            />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: a preview for the editor; captions belong to the page that shows the video
            <video className={styles.video} src={item.src} controls preload="metadata" />
          )}
          <section className={ui.panel} aria-labelledby="media-facts">
            <h2 className={ui.panelTitle} id="media-facts">
              {t('media.facts')}
            </h2>
            <Facts item={item} />
          </section>
          <section className={ui.panel} aria-labelledby="media-uses">
            <h2 className={ui.panelTitle} id="media-uses">
              {t('media.uses')}
            </h2>
            {uses.length ? (
              <ul className={styles.uses}>
                {uses.map((use) => (
                  <li key={`${use.kind}-${use.id}`}>
                    {t(`media.useKinds.${use.kind}`)}{' '}
                    <Link className={ui.mono} to={editorOf(use)}>
                      {use.slug}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={ui.muted}>{t('media.unused')}</p>
            )}
          </section>
        </div>
        <div className={ui.form}>
          <TextsForm key={item.id} item={item} />
          <DeletePanel item={item} inUse={uses.length > 0} />
        </div>
      </div>
    </ConsolePage>
  )
}

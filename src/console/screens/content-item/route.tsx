import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router'
import {
  deleteEditorial,
  type EditorialItem,
  type EditorialSave,
  editorialDetail,
  editorialPreviewLink,
  publishEditorial,
  saveEditorial,
  scheduleEditorial,
  unpublishEditorial,
} from '../../../api/console-editorial.ts'
import type { FieldErrors } from '../../../../shared/functions/gateway.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { consoleContentPath, EDITORIAL_KINDS, EDITORIAL_LIMITS, EDITORIAL_TEXT_FIELDS, type EditorialKind } from '../../../../shared/rules/console-editorial.ts'
import { BULLETIN_KINDS, NEWS_TAGS } from '../../../../shared/rules/editorial.ts'
import { parseMediaPath } from '../../../../shared/rules/media.ts'
import { LOCALES, type Locale } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { EditorialState } from '../../ui/editorial-state.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import styles from './content-item.module.css'
import { Field } from './field.tsx'
import { type Form, formOf } from './form.ts'
import { LanguagePreview } from './language-preview.tsx'
import { Alert } from '../../ui/form-end.tsx'
import { lazySection } from '../../../lib/lazy-section.tsx'

// The rich text editor and the media picker are the heaviest parts of this screen: chunks of their
// own, fetched when an item opens, so the screen's first load stays within the console's budget.
const RichText = lazySection('content-item/rich-text', () => import('./rich-text.tsx').then((module) => module.default))
const ImageField = lazySection('content-item/image-field', () => import('../../content-kit/image-field.tsx').then((module) => module.ImageField))
const VideoFields = lazySection('content-item/video-fields', () => import('./video-fields.tsx').then((module) => module.default))

type Texts = Partial<Record<Locale, { title: string; summary: string; alt: string; body: string }>>

interface ItemData {
  kind: EditorialKind
  item: EditorialItem | null
}

export async function loader(args: LoaderFunctionArgs): Promise<ItemData> {
  const kind = args.params.kind as EditorialKind
  if (!EDITORIAL_KINDS.includes(kind)) throw data(null, { status: 404 })
  const id = args.params.id ?? ''
  if (id === 'new') return { kind, item: null }
  if (!/^[1-9]\d{0,9}$/.test(id)) throw data(null, { status: 404 })
  const { item } = await staffCall(args, editorialDetail, { kind, id: Number(id) })
  return { kind, item }
}

const EMPTY_TEXT = { title: '', summary: '', alt: '', body: '' }
const hasText = (text: Texts[Locale]) => Boolean(text && (text.title || text.summary || text.alt || text.body))

/** A UTC date-time field's value (YYYY-MM-DDTHH:mm) as an instant. */
const utcInstant = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : value)

function payloadOf(kind: EditorialKind, form: Form, texts: Texts, item: EditorialItem | null): EditorialSave {
  const image = form.imageSrc.trim() ? { src: form.imageSrc.trim(), width: Number(form.imageWidth), height: Number(form.imageHeight) } : null
  return {
    kind,
    ...(item ? { id: item.id, expected: item.version } : {}),
    slug: form.slug,
    image: kind === 'bulletin' ? null : image,
    tags: kind === 'news' ? [...form.tags] : [],
    exhibition: kind === 'bulletin' ? null : form.exhibition,
    bulletinKind: form.bulletinKind,
    pinned: form.pinned,
    category: form.category,
    durationSeconds: kind === 'video' ? Number(form.durationSeconds || 0) : 0,
    sources: kind === 'video' && form.sourceSrc.trim() ? [{ src: form.sourceSrc.trim(), type: form.sourceType }] : [],
    captions:
      kind === 'video' ? form.captions.filter((caption) => caption.src.trim()).map((caption) => ({ src: caption.src.trim(), locale: caption.locale })) : [],
    texts: Object.fromEntries(LOCALES.filter((locale) => hasText(texts[locale])).map((locale) => [locale, texts[locale]])),
  }
}

/** Every console call of this screen: field errors beside their fields, any other refusal as one translated message. */
function useCalls() {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState('')
  const [notice, setNotice] = useState('')
  const text = (code: string, values?: unknown) => (i18n.exists(code) ? t(code, (values ?? {}) as Record<string, unknown>) : t('errors.unexpected'))
  async function run<T>(work: () => Promise<T>, done: (result: T) => void, success = '') {
    setBusy(true)
    setFields({})
    setMessage('')
    setNotice('')
    try {
      done(await work())
      setNotice(success)
    } catch (error) {
      if (error instanceof GatewayError) {
        setFields(error.fields)
        setMessage(text(error.code, (error.body as { data?: unknown } | null)?.data))
      } else setMessage(t('errors.unexpected'))
    }
    setBusy(false)
  }
  const fieldError = (name: string) => (fields[name] ? text(fields[name] as string) : undefined)
  return { busy, run, fieldError, message, notice }
}

/**
 * One news article, bulletin or video (docs/product.md#console-content): what it is, its texts in the 12 languages side by
 * side (missing ones marked), a preview of what a visitor of each language reads, and what can
 * happen to it next: save, publish now, schedule, take down, delete a draft, a preview link.
 */
export function Component() {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const navigate = useNavigate()
  const loaded = useLoaderData() as ItemData
  const { kind } = loaded
  const [item, setItem] = useState(loaded.item)
  const [form, setForm] = useState(() => formOf(kind, loaded.item))
  const [texts, setTexts] = useState<Texts>(() => ({ ...(loaded.item?.texts ?? {}) }))
  const [openBodies, setOpenBodies] = useState<ReadonlySet<Locale>>(() => new Set(['en']))
  const [scheduleAt, setScheduleAt] = useState('')
  const [deleting, setDeleting] = useState(false)
  const [previewLocale, setPreviewLocale] = useState<Locale>('en')
  const [linkLocale, setLinkLocale] = useState<Locale>('en')
  const [previewUrl, setPreviewUrl] = useState<{ url: string; expiresAt: string } | null>(null)
  const { busy, run, fieldError, message, notice } = useCalls()
  const fields = EDITORIAL_TEXT_FIELDS[kind]
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }))
  const setText = (locale: Locale, field: 'title' | 'summary' | 'alt' | 'body', value: string) =>
    setTexts((current) => ({ ...current, [locale]: { ...EMPTY_TEXT, ...current[locale], [field]: value } }))

  const changed = (next: EditorialItem) => {
    setItem(next)
    setForm(formOf(kind, next))
    setTexts({ ...next.texts })
  }
  const save = () =>
    run(
      () => client.call(saveEditorial, payloadOf(kind, form, texts, item)),
      ({ item: saved }) => {
        changed(saved)
        if (!item) navigate(consoleContentPath(kind, saved.id), { replace: true })
      },
      t('contentItem.saved'),
    )
  const target = () => ({ kind, id: item?.id ?? 0, expected: item?.version ?? '' })
  const title = item ? (item.texts.en?.title ?? item.slug) : t(`content.new.${kind}`)
  const missing = LOCALES.filter((locale) => !hasText(texts[locale]))

  return (
    <ConsolePage title={title} lead={t(`content.kinds.${kind}`)}>
      <p className={ui.actions}>
        <Link to="/console/content">{t('contentItem.back')}</Link>
        {item ? <EditorialState state={item.state} /> : null}
        {item && item.state !== 'draft' ? (
          <span className={ui.muted}>{t(`contentItem.when.${item.state}`, { at: formatDateTime(item.publishedAt, language) })}</span>
        ) : null}
        {item?.publicPath ? (
          <a href={item.publicPath} target="_blank" rel="noopener">
            {t('contentItem.onSite')}
          </a>
        ) : null}
      </p>

      <form
        className={ui.form}
        noValidate
        aria-label={t('contentItem.form')}
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('contentItem.details')}</legend>
          <Field id="content-slug" label={t('contentItem.slug')} hint={t('contentItem.slugHint')} error={fieldError('slug')}>
            <input
              id="content-slug"
              className={ui.input}
              value={form.slug}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="content-slug-hint"
              aria-invalid={fieldError('slug') ? true : undefined}
              onChange={(event) => set({ slug: event.target.value })}
            />
          </Field>
          {kind === 'bulletin' ? (
            <>
              <Field id="content-bulletin-kind" label={t('contentItem.bulletinKind')}>
                <select
                  id="content-bulletin-kind"
                  className={ui.input}
                  value={form.bulletinKind}
                  onChange={(event) => set({ bulletinKind: event.target.value as Form['bulletinKind'] })}
                >
                  {BULLETIN_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {t(`contentItem.bulletinKinds.${value}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <label className={ui.choice}>
                <input type="checkbox" checked={form.pinned} onChange={(event) => set({ pinned: event.target.checked })} />
                {t('contentItem.pinned')}
              </label>
            </>
          ) : null}
          {kind === 'news' ? (
            <fieldset className={ui.fieldset}>
              <legend className={ui.legend}>{t('contentItem.tags')}</legend>
              <div className={ui.choices}>
                {NEWS_TAGS.map((tag) => (
                  <label key={tag} className={ui.choice}>
                    <input
                      type="checkbox"
                      checked={form.tags.includes(tag)}
                      onChange={(event) => set({ tags: event.target.checked ? [...form.tags, tag] : form.tags.filter((other) => other !== tag) })}
                    />
                    {t(`contentItem.tagNames.${tag}`)}
                  </label>
                ))}
              </div>
              {fieldError('tags') ? <p className={ui.fieldError}>{fieldError('tags')}</p> : null}
            </fieldset>
          ) : null}
          {kind === 'video' ? (
            <Suspense fallback={<p className={ui.muted}>{t('contentItem.loading')}</p>}>
              <VideoFields form={form} set={set} fieldError={fieldError} />
            </Suspense>
          ) : null}
          {kind !== 'bulletin' ? (
            <>
              <Field id="content-exhibition" label={t('contentItem.exhibition')} hint={t('contentItem.exhibitionHint')} error={fieldError('exhibition')}>
                <input
                  id="content-exhibition"
                  className={ui.input}
                  value={form.exhibition}
                  spellCheck={false}
                  aria-describedby="content-exhibition-hint"
                  onChange={(event) => set({ exhibition: event.target.value })}
                />
              </Field>
              <Suspense fallback={<p className={ui.muted}>{t('contentItem.loading')}</p>}>
                <ImageField
                  label={t(kind === 'news' ? 'contentItem.cover' : 'contentItem.poster')}
                  value={form.imageSrc || null}
                  error={fieldError('image.src') ?? fieldError('image')}
                  onChange={(src, size) => set({ imageSrc: src ?? '', ...(size ? { imageWidth: String(size.width), imageHeight: String(size.height) } : {}) })}
                />
              </Suspense>
              {form.imageSrc && !parseMediaPath(form.imageSrc) ? (
                // A picture typed as an address: its size is not known from the address, so the editor gives it.
                <div className={styles.pair}>
                  <Field id="content-image-width" label={t('contentItem.imageWidth')} error={fieldError('image.width')}>
                    <input
                      id="content-image-width"
                      className={ui.input}
                      inputMode="numeric"
                      value={form.imageWidth}
                      onChange={(event) => set({ imageWidth: event.target.value })}
                    />
                  </Field>
                  <Field id="content-image-height" label={t('contentItem.imageHeight')} error={fieldError('image.height')}>
                    <input
                      id="content-image-height"
                      className={ui.input}
                      inputMode="numeric"
                      value={form.imageHeight}
                      onChange={(event) => set({ imageHeight: event.target.value })}
                    />
                  </Field>
                </div>
              ) : null}
            </>
          ) : null}
        </fieldset>

        <TableFrame label={t('contentItem.texts')}>
          <table className={`${ui.table} ${styles.languages}`}>
            <caption className={styles.caption}>
              {t('contentItem.textsCaption')}{' '}
              {missing.length ? t('contentItem.missingCount', { count: missing.length, languages: missing.join(', ') }) : t('contentItem.allWritten')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('contentItem.language')}</th>
                <th scope="col">{t('contentItem.textsColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {LOCALES.map((locale) => {
                const text = { ...EMPTY_TEXT, ...texts[locale] }
                const error = (field: string) => fieldError(`texts.${locale}.${field}`)
                const bodyOpen = openBodies.has(locale) || Boolean(error('body'))
                return (
                  <tr key={locale} id={`content-texts-${locale}`}>
                    <th scope="row" className={ui.nowrap}>
                      <span lang="en">{locale}</span>
                      {locale === 'en' ? <div className={ui.muted}>{t('contentItem.required')}</div> : null}
                      {hasText(texts[locale]) ? null : <div className={`${ui.badge} ${ui.badgeWarn}`}>{t('contentItem.missing')}</div>}
                    </th>
                    <td className={styles.textCell}>
                      <Field id={`content-title-${locale}`} label={t('contentItem.fields.title')} error={error('title')}>
                        <input
                          id={`content-title-${locale}`}
                          className={ui.input}
                          lang={locale}
                          value={text.title}
                          maxLength={EDITORIAL_LIMITS.title}
                          aria-invalid={error('title') ? true : undefined}
                          onChange={(event) => setText(locale, 'title', event.target.value)}
                        />
                      </Field>
                      {fields.includes('summary') ? (
                        <Field
                          id={`content-summary-${locale}`}
                          label={t(`contentItem.fields.${kind === 'video' ? 'description' : 'summary'}`)}
                          error={error('summary')}
                        >
                          <textarea
                            id={`content-summary-${locale}`}
                            className={ui.input}
                            lang={locale}
                            rows={3}
                            value={text.summary}
                            maxLength={EDITORIAL_LIMITS.summary}
                            aria-invalid={error('summary') ? true : undefined}
                            onChange={(event) => setText(locale, 'summary', event.target.value)}
                          />
                        </Field>
                      ) : null}
                      {fields.includes('alt') ? (
                        <Field id={`content-alt-${locale}`} label={t('contentItem.fields.alt')} error={error('alt')}>
                          <input
                            id={`content-alt-${locale}`}
                            className={ui.input}
                            lang={locale}
                            value={text.alt}
                            maxLength={EDITORIAL_LIMITS.alt}
                            aria-invalid={error('alt') ? true : undefined}
                            onChange={(event) => setText(locale, 'alt', event.target.value)}
                          />
                        </Field>
                      ) : null}
                      {fields.includes('body') ? (
                        bodyOpen ? (
                          <div className={ui.field}>
                            <span className={ui.label} id={`content-body-${locale}-label`}>
                              {t('contentItem.fields.body')}
                            </span>
                            <Suspense fallback={<p className={ui.muted}>{t('contentItem.body.loading')}</p>}>
                              <RichText
                                id={`content-body-${locale}`}
                                label={`${t('contentItem.fields.body')} (${locale})`}
                                value={text.body}
                                simple={kind === 'bulletin'}
                                invalid={Boolean(error('body'))}
                                describedBy={error('body') ? `content-body-${locale}-error` : undefined}
                                onChange={(value) => setText(locale, 'body', value)}
                              />
                            </Suspense>
                            {error('body') ? (
                              <p className={ui.fieldError} id={`content-body-${locale}-error`}>
                                {error('body')}
                              </p>
                            ) : null}
                          </div>
                        ) : (
                          <button
                            type="button"
                            className={`${ui.button} ${ui.small}`}
                            onClick={() => setOpenBodies((current) => new Set([...current, locale]))}
                          >
                            {t(text.body ? 'contentItem.body.edit' : 'contentItem.body.write', { language: locale })}
                          </button>
                        )
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </TableFrame>

        <Alert message={message} />
        {notice ? (
          <p className={ui.success} role="status">
            {notice}
          </p>
        ) : null}
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
            {t(item ? 'contentItem.save' : 'contentItem.saveDraft')}
          </button>
        </div>
      </form>

      <LanguagePreview kind={kind} texts={texts} locale={previewLocale} onLocale={setPreviewLocale} />

      {item ? (
        <section className={ui.panel} aria-labelledby="content-publishing">
          <h2 className={ui.panelTitle} id="content-publishing">
            {t('contentItem.publishing')}
          </h2>
          <p className={ui.hint}>{t('contentItem.saveFirst')}</p>
          <div className={ui.actions}>
            {item.state !== 'published' ? (
              <button
                type="button"
                className={`${ui.button} ${ui.primary}`}
                disabled={busy}
                onClick={() =>
                  void run(
                    () => client.call(publishEditorial, target()),
                    ({ item: next }) => changed(next),
                    t('contentItem.publishedNow'),
                  )
                }
              >
                {t('contentItem.publishNow')}
              </button>
            ) : null}
            {item.state === 'published' || item.state === 'scheduled' ? (
              <button
                type="button"
                className={ui.button}
                disabled={busy}
                onClick={() =>
                  void run(
                    () => client.call(unpublishEditorial, target()),
                    ({ item: next }) => changed(next),
                    t('contentItem.takenDown'),
                  )
                }
              >
                {t('contentItem.unpublish')}
              </button>
            ) : null}
            {item.state === 'draft' ? (
              <button type="button" className={`${ui.button} ${ui.danger}`} disabled={busy} onClick={() => setDeleting(true)}>
                {t('contentItem.delete')}
              </button>
            ) : null}
          </div>
          <form
            className={styles.inline}
            onSubmit={(event) => {
              event.preventDefault()
              void run(
                () => client.call(scheduleEditorial, { ...target(), at: utcInstant(scheduleAt) }),
                ({ item: next }) => changed(next),
                t('contentItem.scheduled'),
              )
            }}
          >
            <Field id="content-schedule-at" label={t('contentItem.scheduleAt')} hint={t('contentItem.scheduleHint')} error={fieldError('at')}>
              <input
                id="content-schedule-at"
                type="datetime-local"
                className={ui.input}
                value={scheduleAt}
                aria-describedby="content-schedule-at-hint"
                aria-invalid={fieldError('at') ? true : undefined}
                onChange={(event) => setScheduleAt(event.target.value)}
              />
            </Field>
            <button type="submit" className={ui.button} disabled={busy || !scheduleAt}>
              {t('contentItem.schedule')}
            </button>
          </form>
          <form
            className={styles.inline}
            onSubmit={(event) => {
              event.preventDefault()
              void run(
                () => client.call(editorialPreviewLink, { kind, id: item.id, locale: linkLocale }),
                (link) => setPreviewUrl(link),
              )
            }}
          >
            <Field id="content-preview-locale" label={t('contentItem.previewLanguage')}>
              <select id="content-preview-locale" className={ui.input} value={linkLocale} onChange={(event) => setLinkLocale(event.target.value as Locale)}>
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {locale}
                  </option>
                ))}
              </select>
            </Field>
            <button type="submit" className={ui.button} disabled={busy}>
              {t('contentItem.previewLink')}
            </button>
          </form>
          {previewUrl ? (
            <p className={styles.link}>
              <a href={previewUrl.url} target="_blank" rel="noopener" data-testid="preview-link">
                {previewUrl.url}
              </a>
              <span className={ui.muted}> {t('contentItem.previewUntil', { at: formatDateTime(previewUrl.expiresAt, language) })}</span>
            </p>
          ) : null}
        </section>
      ) : null}
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
      {deleting ? (
        <ConfirmDialog
          title={t('contentItem.delete')}
          message={t('contentItem.deleteConfirm')}
          confirmLabel={t('contentItem.delete')}
          danger
          onConfirm={() =>
            run(
              () => client.call(deleteEditorial, target()),
              () => navigate('/console/content', { replace: true }),
            )
          }
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </ConsolePage>
  )
}

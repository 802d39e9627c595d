import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-editorial.ts'
import { EDITORIAL_TEXT_FIELDS, type EditorialKind, type EditorialState } from '../../../../shared/rules/console-editorial.ts'
import { contentFallbackChain, LOCALES, type Locale } from '../../../../shared/languages.ts'
import type { Database, Queryable } from '../../../db/client.ts'
import { ERROR_CODES } from '../../../../shared/contracts/define.ts'
import { conflict, DomainError, invalid, notFound } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { validateArticleFile, validateBulletinFile, validateVideoFile } from '../content-schema.ts'
import { markdownToHtml, readingMinutes, sanitiseArticleHtml, sanitiseBulletinHtml } from '../html.ts'
import * as repo from './editorial-console.repo.ts'

type Item = z.output<typeof contracts.editorialItem>
type ListQuery = z.output<typeof contracts.editorialList.payload>
type SaveInput = z.output<typeof contracts.saveEditorial.payload>
type Texts = SaveInput['texts']
type Text = z.output<typeof contracts.editorialText>

/** The scope of the content-changed signal: page caches and the sitemap drop what they hold. */
export const EDITORIAL_SCOPE = 'editorial'

const iso = (value: Date | string) => new Date(value).toISOString()
const itemNotFound = () => notFound('console:errors.editorialNotFound')
const changedMeanwhile = () => conflict('console:errors.editorialChanged')

const BULLETIN_BODY_MAX = 5000
const ARTICLE_BODY_MAX = 60_000

/** Where a visitor reads a published item (English). */
function publicPathOf(kind: EditorialKind, id: number, state: EditorialState): string | null {
  if (state !== 'published') return null
  if (kind === 'news') return `/en/exhibition/${id}`
  if (kind === 'video') return `/en/video.html?v=${id}`
  return '/en/bulletin.html'
}

function itemOf(kind: EditorialKind, row: repo.ItemRow): Item {
  const texts: Item['texts'] = {}
  for (const text of row.texts) texts[text.locale] = { title: text.title, summary: text.summary, alt: text.alt, body: text.body }
  return {
    kind,
    id: row.id,
    state: row.state,
    publishedAt: iso(row.published_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
    slug: row.slug,
    image: row.image_src && row.image_width && row.image_height ? { src: row.image_src, width: row.image_width, height: row.image_height } : null,
    tags: (row.tags ?? []) as Item['tags'],
    exhibition: row.exhibition_slug,
    bulletinKind: (row.bulletin_kind ?? 'notice') as Item['bulletinKind'],
    pinned: row.pinned ?? false,
    category: (row.category ?? 'highlights') as Item['category'],
    durationSeconds: row.duration_seconds ?? 0,
    sources: (row.sources ?? []) as Item['sources'],
    captions: (row.captions ?? []) as Item['captions'],
    texts,
    publicPath: publicPathOf(kind, row.id, row.state),
  }
}

export async function editorialList(db: Queryable, query: ListQuery, now: Date): Promise<z.output<typeof contracts.editorialList.result>> {
  const { rows, total } = await repo.listPage(db, {
    now,
    kind: query.kind ?? null,
    state: query.state ?? null,
    search: query.search || null,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  })
  return {
    rows: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      slug: row.slug,
      state: row.state,
      title: row.title,
      locales: row.locales,
      publishedAt: iso(row.published_at),
      updatedAt: iso(row.updated_at),
    })),
    total,
  }
}

export async function editorialDetail(db: Queryable, kind: EditorialKind, id: number, now: Date): Promise<Item> {
  const row = await repo.itemById(db, kind, id, now)
  if (!row) throw itemNotFound()
  return itemOf(kind, row)
}

/** A language counts when any of its fields has something; an empty one is a language not written yet. */
const written = (text: Text | undefined): text is Text => Boolean(text && (text.title || text.summary || text.alt || text.body))

/**
 * The kind's rules for texts, field by field in the console's words, so the importer (which says the
 * same in English for file authors) never refuses what the console saved.
 */
function checkTexts(kind: EditorialKind, input: SaveInput): Array<[Locale, Text]> {
  const problems: Record<string, string> = {}
  const texts = LOCALES.flatMap((locale): Array<[Locale, Text]> => (written(input.texts[locale]) ? [[locale, input.texts[locale] as Text]] : []))
  if (!texts.some(([locale]) => locale === 'en')) problems['texts.en.title'] = 'console:errors.editorialEnglishRequired'
  const needs = EDITORIAL_TEXT_FIELDS[kind]
  for (const [locale, text] of texts) {
    if (!text.title) problems[`texts.${locale}.title`] = 'console:errors.editorialTitleRequired'
    if (kind === 'news' && !text.summary) problems[`texts.${locale}.summary`] = 'console:errors.editorialSummaryRequired'
    if (kind !== 'video' && !text.body) problems[`texts.${locale}.body`] = 'console:errors.editorialBodyRequired'
    if (kind === 'news' && input.image && !text.alt) problems[`texts.${locale}.alt`] = 'console:errors.editorialAltRequired'
    if (kind === 'news' && text.summary.length > 600) problems[`texts.${locale}.summary`] = 'errors.tooLong'
    if (text.body.length > (kind === 'bulletin' ? BULLETIN_BODY_MAX : ARTICLE_BODY_MAX)) problems[`texts.${locale}.body`] = 'errors.tooLong'
    if (!needs.includes('body') && text.body) problems[`texts.${locale}.body`] = 'errors.invalid'
  }
  if (kind === 'news' && input.tags.length > 5) problems.tags = 'console:errors.editorialTags'
  if (kind === 'video') {
    if (input.durationSeconds < 1) problems.durationSeconds = 'console:errors.editorialDuration'
    if (!input.sources.length) problems.sources = 'console:errors.editorialSourceRequired'
    input.sources.forEach((source, index) => {
      const extension = { 'video/mp4': /\.mp4$/i, 'video/webm': /\.webm$/i, 'application/vnd.apple.mpegurl': /\.m3u8$/i }[source.type]
      if (!extension.test(source.src.replace(/[?#].*$/, ''))) problems[`sources.${index}.src`] = 'console:errors.editorialSourceType'
    })
    input.captions.forEach((caption, index) => {
      if (!/\.vtt$/i.test(caption.src.replace(/[?#].*$/, ''))) problems[`captions.${index}.src`] = 'console:errors.editorialCaption'
      if (input.captions.findIndex((other) => other.locale === caption.locale) !== index)
        problems[`captions.${index}.locale`] = 'console:errors.editorialCaption'
    })
  }
  if (Object.keys(problems).length) throw invalid(problems, Object.values(problems)[0])
  return texts
}

/** The row's columns and its texts as the tables keep them; bodies become sanitised HTML here, on the server. */
function columnsOf(kind: EditorialKind, input: SaveInput, texts: Array<[Locale, Text]>) {
  if (kind === 'news') {
    return {
      columns: {
        slug: input.slug,
        cover_image: input.image?.src ?? null,
        cover_width: input.image?.width ?? null,
        cover_height: input.image?.height ?? null,
        tags: [...new Set(input.tags)],
        exhibition_slug: input.exhibition,
      },
      texts: texts.map(([locale, text]) => {
        const html = sanitiseArticleHtml(markdownToHtml(text.body))
        return {
          locale,
          title: text.title,
          summary: text.summary,
          cover_alt: text.alt,
          body_markdown: text.body,
          body_html: html,
          reading_minutes: readingMinutes(html),
        }
      }),
    }
  }
  if (kind === 'bulletin') {
    return {
      columns: { slug: input.slug, kind: input.bulletinKind, pinned: input.pinned },
      texts: texts.map(([locale, text]) => ({
        locale,
        title: text.title,
        body_markdown: text.body,
        body_html: sanitiseBulletinHtml(markdownToHtml(text.body)),
      })),
    }
  }
  return {
    columns: {
      slug: input.slug,
      category: input.category,
      poster_image: input.image?.src ?? null,
      poster_width: input.image?.width ?? null,
      poster_height: input.image?.height ?? null,
      duration_seconds: input.durationSeconds,
      sources: JSON.stringify(input.sources),
      captions: JSON.stringify(input.captions),
      exhibition_slug: input.exhibition,
    },
    texts: texts.map(([locale, text]) => ({ locale, title: text.title, description: text.summary, poster_alt: text.alt })),
  }
}

/**
 * The item as a content-folder file, checked by the importer's own rules: what the console saves
 * must come back through `npm run content -- import` (a local picture must exist, and so on).
 */
function importerProblems(kind: EditorialKind, input: SaveInput, texts: Array<[Locale, Text]>): Record<string, string> {
  const publishedAt = new Date().toISOString()
  if (kind === 'news') {
    const frontMatter: Record<string, unknown> = {
      publishedAt,
      cover: input.image?.src ?? null,
      coverWidth: input.image?.width ?? null,
      coverHeight: input.image?.height ?? null,
      tags: input.tags,
      exhibition: input.exhibition,
    }
    for (const [locale, text] of texts) {
      frontMatter[`title.${locale}`] = text.title
      frontMatter[`summary.${locale}`] = text.summary
      if (text.alt) frontMatter[`coverAlt.${locale}`] = text.alt
    }
    const body = texts.map(([locale, text]) => `<!-- lang: ${locale} -->\n${text.body}\n`).join('\n')
    return validateArticleFile(`${input.slug}.md`, { frontMatter, body }).problems
  }
  const localised = (pick: (text: Text) => Record<string, string>) => Object.fromEntries(texts.map(([locale, text]) => [locale, pick(text)]))
  if (kind === 'bulletin') {
    return validateBulletinFile(`${input.slug}.json`, {
      slug: input.slug,
      kind: input.bulletinKind,
      publishedAt,
      pinned: input.pinned,
      texts: localised((text) => ({ title: text.title, body: text.body })),
    }).problems
  }
  return validateVideoFile(`${input.slug}.json`, {
    slug: input.slug,
    category: input.category,
    publishedAt,
    durationSeconds: input.durationSeconds,
    poster: input.image,
    sources: input.sources,
    captions: input.captions,
    exhibition: input.exhibition,
    texts: localised((text) => ({ title: text.title, description: text.summary, posterAlt: text.alt })),
  }).problems
}

/** What the audit log keeps: the whole item as the editor saw it, bodies in Markdown. */
const audited = (item: Item) => {
  const { publicPath: _path, version: _version, ...rest } = item
  return rest
}

interface Change {
  fn: string
  before: Item | null
  after: Item | null
  id: number
}

/**
 * One change: its transaction holds the row (a second editor's change waits, then sees the new
 * version and is refused), writes the audit record with before and after, and, when what visitors
 * see may have changed, tells page caches and the sitemap.
 */
async function change(
  platform: Platform,
  actor: StaffActor,
  kind: EditorialKind,
  work: (tx: Queryable, now: Date) => Promise<Change>,
): Promise<{ done: Change; now: Date }> {
  const now = new Date()
  const done = await platform.db.transaction(async (tx) => {
    const result = await work(tx, now)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: result.fn,
        target: `${kind}:${result.id}`,
        before: result.before ? audited(result.before) : null,
        after: result.after ? audited(result.after) : null,
      },
    )
    return result
  })
  const shown = (item: Item | null) => item?.state === 'published'
  if (shown(done.before) || shown(done.after)) platform.contentChanged({ scope: EDITORIAL_SCOPE })
  return { done, now }
}

/** The item locked, at the version the editor saw. */
async function lockedAt(tx: Queryable, kind: EditorialKind, id: number, expected: string | undefined, now: Date): Promise<Item> {
  const row = await repo.itemById(tx, kind, id, now, true)
  if (!row) throw itemNotFound()
  if (expected !== undefined && row.version !== expected) throw changedMeanwhile()
  return itemOf(kind, row)
}

async function reread(tx: Queryable, kind: EditorialKind, id: number, now: Date): Promise<Item> {
  const row = await repo.itemById(tx, kind, id, now)
  if (!row) throw itemNotFound()
  return itemOf(kind, row)
}

export async function saveEditorial(platform: Platform, actor: StaffActor, input: SaveInput): Promise<Item> {
  const { kind } = input
  const texts = checkTexts(kind, input)
  const problems = importerProblems(kind, input, texts)
  if (Object.keys(problems).length) {
    const [field, message] = Object.entries(problems)[0] as [string, string]
    // The importer's own words (English, for file authors) go along as a parameter.
    throw new DomainError(
      'console:errors.editorialNotImportable',
      ERROR_CODES.invalid,
      { field, message },
      { [field]: 'console:errors.editorialNotImportable' },
    )
  }
  const { columns, texts: textRows } = columnsOf(kind, input, texts)
  const slugTaken = () => conflict('console:errors.editorialSlugTaken', { slug: input.slug })
  const { done } = await change(platform, actor, kind, async (tx, now) => {
    if (input.id === undefined) {
      const id = await repo.insertItem(tx, kind, columns, now)
      if (id === null) throw slugTaken()
      await repo.replaceTexts(tx, kind, id, textRows)
      return { fn: 'console$saveEditorial', before: null, after: await reread(tx, kind, id, now), id }
    }
    if (input.expected === undefined) throw invalid({ expected: 'errors.required' })
    const before = await lockedAt(tx, kind, input.id, input.expected, now)
    if (await repo.slugTaken(tx, kind, input.slug, input.id)) throw slugTaken()
    await repo.updateItem(tx, kind, input.id, columns)
    await repo.replaceTexts(tx, kind, input.id, textRows)
    return { fn: 'console$saveEditorial', before, after: await reread(tx, kind, input.id, now), id: input.id }
  })
  return done.after as Item
}

interface Target {
  kind: EditorialKind
  id: number
  expected: string
}

/** Publish now: shown from this instant (a scheduled item comes forward, a taken-down one returns). */
export async function publishEditorial(platform: Platform, actor: StaffActor, target: Target): Promise<Item> {
  const { done } = await change(platform, actor, target.kind, async (tx, now) => {
    const before = await lockedAt(tx, target.kind, target.id, target.expected, now)
    if (before.state === 'published') throw conflict('console:errors.editorialAlreadyPublished')
    await repo.updateItem(tx, target.kind, target.id, { published: true, published_at: now, unpublished_at: null })
    return { fn: 'console$publishEditorial', before, after: await reread(tx, target.kind, target.id, now), id: target.id }
  })
  return done.after as Item
}

/**
 * Publish at a later instant: the item stays out of sight until then, when the scheduler refreshes
 * the pages (publishDue). A published item can be moved to a later time too (it leaves the site until then).
 */
export async function scheduleEditorial(platform: Platform, actor: StaffActor, target: Target & { at: Date }): Promise<Item> {
  const { done } = await change(platform, actor, target.kind, async (tx, now) => {
    if (target.at.getTime() <= now.getTime()) throw invalid({ at: 'console:errors.editorialSchedulePast' }, 'console:errors.editorialSchedulePast')
    const before = await lockedAt(tx, target.kind, target.id, target.expected, now)
    await repo.updateItem(tx, target.kind, target.id, { published: true, published_at: target.at, unpublished_at: null })
    return { fn: 'console$scheduleEditorial', before, after: await reread(tx, target.kind, target.id, now), id: target.id }
  })
  return done.after as Item
}

/** Take down: a shown item becomes unpublished; a scheduled one goes back to being a draft. */
export async function unpublishEditorial(platform: Platform, actor: StaffActor, target: Target): Promise<Item> {
  const { done } = await change(platform, actor, target.kind, async (tx, now) => {
    const before = await lockedAt(tx, target.kind, target.id, target.expected, now)
    if (before.state === 'draft' || before.state === 'unpublished') throw conflict('console:errors.editorialNotPublished')
    const wasShown = before.state === 'published'
    await repo.updateItem(tx, target.kind, target.id, {
      published: false,
      unpublished_at: wasShown ? now : null,
      ...(wasShown ? {} : { published_at: now }),
    })
    return { fn: 'console$unpublishEditorial', before, after: await reread(tx, target.kind, target.id, now), id: target.id }
  })
  return done.after as Item
}

/** Only a draft may be deleted: something visitors have seen is unpublished instead, so its address stays accounted for. */
export async function deleteEditorial(platform: Platform, actor: StaffActor, target: Target): Promise<void> {
  await change(platform, actor, target.kind, async (tx, now) => {
    const before = await lockedAt(tx, target.kind, target.id, target.expected, now)
    if (before.state !== 'draft') throw conflict('console:errors.editorialDeleteDraftsOnly')
    await repo.deleteItem(tx, target.kind, target.id)
    return { fn: 'console$deleteEditorial', before, after: null, id: target.id }
  })
}

/** What a visitor of `locale` reads of these texts: the first language of the fallback chain that has them. */
export function renderFor(kind: EditorialKind, locale: Locale, texts: Texts): z.output<typeof contracts.editorialRender.result> {
  const chain = contentFallbackChain(locale)
  const usedLocale = chain.find((candidate) => written(texts[candidate]) && Boolean(texts[candidate]?.title)) ?? null
  const text = usedLocale ? (texts[usedLocale] as Text) : null
  const html = text?.body ? markdownToHtml(text.body) : ''
  return {
    usedLocale,
    chain,
    title: text?.title ?? '',
    summary: text?.summary ?? '',
    bodyHtml: kind === 'bulletin' ? sanitiseBulletinHtml(html) : kind === 'news' ? sanitiseArticleHtml(html) : '',
  }
}

/**
 * The scheduler's round: when an item's time has come since the last round, the pages and the
 * sitemap are refreshed on every instance. One instance does it (the row lock), each time once.
 */
export async function publishDue(platform: Pick<Platform, 'db' | 'contentChanged'>, db: Database = platform.db): Promise<boolean> {
  const due = await db.transaction((tx) => repo.claimDue(tx, new Date()))
  if (due) platform.contentChanged({ scope: EDITORIAL_SCOPE })
  return due === true
}

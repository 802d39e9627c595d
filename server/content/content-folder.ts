import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Queryable } from '../db/client.ts'
import type { ContentFile, ContentKind, Platform } from '../platform/platform.ts'
import { type DemoShift, demoShift, readDemoAnchor } from './demo-dates.ts'

export const DEMO_CONTENT_DIR = fileURLToPath(new URL('../../content/demo/', import.meta.url))

/**
 * A kind that the demo content holds: it knows where its files keep dates, so that seeding can
 * move them (content/demo/demo.json, server/content/demo-dates.ts).
 */
export interface DemoContentKind extends ContentKind {
  /** The file with every date moved by the shift and its `{{year}}` placeholders filled; files it cannot read come back as they were. */
  redate(file: ContentFile, shift: DemoShift): ContentFile
  /** What `{{year:<name>}}` means in every kind's texts (exhibitions: slug -> shifted year of the start). */
  years?(file: ContentFile, shift: DemoShift): Array<[string, number]>
}

/** Moves one file of a kind before it is validated (the demo shift); plain imports leave files as they are. */
type Redate = (kind: ContentKind, file: ContentFile) => ContentFile

export interface ContentProblem {
  file: string
  field: string
  message: string
}

/**
 * Markdown files carry flat front matter between `---` lines (`key: value`; values that look like
 * JSON, such as numbers, arrays or quoted strings, are parsed as JSON).
 */
export function parseMarkdown(source: string): { frontMatter: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source)
  if (!match) return { frontMatter: {}, body: source }
  const frontMatter: Record<string, unknown> = {}
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const separator = line.indexOf(':')
    if (separator <= 0) continue
    const key = line.slice(0, separator).trim()
    const raw = line.slice(separator + 1).trim()
    try {
      frontMatter[key] = /^(["[{]|-?\d|true$|false$|null$)/.test(raw) ? JSON.parse(raw) : raw
    } catch {
      frontMatter[key] = raw
    }
  }
  return { frontMatter, body: match[2] ?? '' }
}

export function serializeMarkdown(frontMatter: Record<string, unknown>, body: string): string {
  const lines = Object.entries(frontMatter).map(
    ([key, value]) =>
      `${key}: ${typeof value === 'string' && !/^["[{]|^-?\d|^(true|false|null)$/.test(value) && !value.includes('\n') ? value : JSON.stringify(value)}`,
  )
  return `---\n${lines.join('\n')}\n---\n${body}`
}

/** Reads one kind's folder; unreadable files become problems rather than exceptions. */
export function readKindFolder(root: string, kind: ContentKind): { files: ContentFile[]; problems: ContentProblem[] } {
  const dir = join(root, kind.folder)
  const files: ContentFile[] = []
  const problems: ContentProblem[] = []
  if (!existsSync(dir)) return { files, problems }
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (name.startsWith('.')) continue
    try {
      if (name.endsWith('.json')) files.push({ name, data: JSON.parse(readFileSync(path, 'utf8')) })
      else if (name.endsWith('.md')) files.push({ name, data: parseMarkdown(readFileSync(path, 'utf8')) })
      else problems.push({ file: `${kind.folder}/${name}`, field: '(file)', message: 'only .json and .md files are read' })
    } catch (error) {
      problems.push({ file: `${kind.folder}/${name}`, field: '(file)', message: `cannot be read: ${(error as Error).message}` })
    }
  }
  return { files, problems }
}

/** Kinds in dependency order (`after`). */
export function orderKinds(kinds: ContentKind[]): ContentKind[] {
  const ordered: ContentKind[] = []
  const visit = (kind: ContentKind, trail: string[]) => {
    if (ordered.includes(kind)) return
    if (trail.includes(kind.name)) throw new Error(`content kinds depend on each other in a circle: ${[...trail, kind.name].join(' -> ')}`)
    for (const name of kind.after ?? []) {
      const before = kinds.find((candidate) => candidate.name === name)
      if (before) visit(before, [...trail, kind.name])
    }
    ordered.push(kind)
  }
  for (const kind of kinds) visit(kind, [])
  return ordered
}

export function allContentKinds(platform: Platform): ContentKind[] {
  return orderKinds(platform.domains.flatMap((domain) => domain.content ?? []))
}

/** Validates every file of every kind; nothing is written when any file has a problem. */
export function validateFolder(root: string, kinds: ContentKind[], redate?: Redate): { byKind: Map<ContentKind, ContentFile[]>; problems: ContentProblem[] } {
  const byKind = new Map<ContentKind, ContentFile[]>()
  const problems: ContentProblem[] = []
  for (const kind of kinds) {
    const read = readKindFolder(root, kind)
    problems.push(...read.problems)
    const files = redate ? read.files.map((file) => redate(kind, file)) : read.files
    for (const file of files) {
      for (const [field, message] of Object.entries(kind.validate(file))) problems.push({ file: `${kind.folder}/${file.name}`, field, message })
    }
    byKind.set(kind, files)
  }
  return { byKind, problems }
}

/** Imports a whole folder in one transaction; returns the count per kind. */
export async function importFolder(platform: Platform, tx: Queryable, root: string, kinds: ContentKind[], redate?: Redate): Promise<Record<string, number>> {
  const { byKind, problems } = validateFolder(root, kinds, redate)
  if (problems.length) throw new ContentValidationError(problems)
  const counts: Record<string, number> = {}
  for (const kind of kinds) {
    const files = byKind.get(kind) ?? []
    for (const file of files) await kind.importFile(tx, file, platform)
    counts[kind.name] = files.length
  }
  return counts
}

export interface DemoOptions {
  /** The demo folder (default: content/demo). */
  root?: string
  /** The moment of seeding (default: now). */
  today?: Date
}

const isDemoKind = (kind: ContentKind): kind is DemoContentKind => typeof (kind as Partial<DemoContentKind>).redate === 'function'

/**
 * The shift of the demo folder for a seed at `today`, with the years that `{{year:<slug>}}` names,
 * read from the demo files of every kind of the platform (a domain's texts may name another
 * domain's items).
 */
export function demoShiftOf(platform: Platform, options: DemoOptions = {}): DemoShift {
  const root = options.root ?? DEMO_CONTENT_DIR
  const writtenFor = readDemoAnchor(root)
  if (!writtenFor) throw new Error(`${root} has no demo.json: the demo content must say which day its dates were written for`)
  const today = options.today ?? new Date()
  const plain = demoShift({ writtenFor, today })
  const years = new Map<string, number>()
  for (const kind of allContentKinds(platform).filter(isDemoKind)) {
    if (!kind.years) continue
    for (const file of readKindFolder(root, kind).files) for (const [name, year] of kind.years(file, plain)) years.set(name, year)
  }
  return demoShift({ writtenFor, today, years })
}

/** A domain's seed: its kinds from the demo folder, every date moved to the day of seeding. */
export function importDemoContent(platform: Platform, tx: Queryable, kinds: DemoContentKind[], options: DemoOptions = {}): Promise<Record<string, number>> {
  const shift = demoShiftOf(platform, options)
  return importFolder(platform, tx, options.root ?? DEMO_CONTENT_DIR, orderKinds(kinds), (kind, file) => (isDemoKind(kind) ? kind.redate(file, shift) : file))
}

export async function exportFolder(db: Queryable, root: string, kinds: ContentKind[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const kind of kinds) {
    const files = await kind.exportAll(db)
    const dir = join(root, kind.folder)
    mkdirSync(dir, { recursive: true })
    for (const file of files) {
      const text = file.name.endsWith('.md')
        ? serializeMarkdown((file.data as { frontMatter: Record<string, unknown> }).frontMatter, (file.data as { body: string }).body)
        : `${JSON.stringify(file.data, null, 2)}\n`
      writeFileSync(join(dir, file.name), text)
    }
    counts[kind.name] = files.length
  }
  return counts
}

export class ContentValidationError extends Error {
  override name = 'ContentValidationError'
  readonly problems: ContentProblem[]
  constructor(problems: ContentProblem[]) {
    super(
      `${problems.length} problem(s) in the content folder:\n${problems.map((problem) => `  ${problem.file}: ${problem.field}: ${problem.message}`).join('\n')}`,
    )
    this.problems = problems
  }
}

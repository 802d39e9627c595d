// node scripts/check-citations.ts
// Every citation a reader of this repository meets must lead somewhere they can open: a path in a
// comment or a doc exists in the repository, an anchor (`docs/product.md#checkin`,
// `docs/CONVENTIONS.md#tests`, a decision record's) exists in its page, and nothing points at a
// tracker number or a design page that was never part of the repository (docs/CONVENTIONS.md#citations).
// Exits 1 and lists what does not resolve; the unit test beside it runs the same check on the tree.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

export type Problem = { file: string; line: number; text: string; why: string }

/** What the checker knows of the repository: its tracked paths and the anchors of its pages. */
export type Tree = {
  /** Tracked file paths, and every folder above them. */
  paths: Set<string>
  /** Tracked files by their last segment (`product.md` -> `docs/product.md`). */
  byName: Map<string, string[]>
  /** Anchors of a Markdown page, read on demand. */
  anchorsOf: (path: string) => Set<string> | undefined
}

/** Design pages that lived beside the brief, never in this repository: cite docs/product.md instead. */
const OUTSIDE_PAGES = ['CONSOLE', 'TOOLING', 'STYLE', 'SPEC', 'PRODUCT', 'ARCHITECTURE', 'EXHIBITORS'].map((name) => `${name}.md`)
const OUTSIDE = new RegExp(`\\b(?:${OUTSIDE_PAGES.map((name) => name.replace('.', '\\.')).join('|')})|\\bSTYLE\\s+rules?\\b`, 'g')

/** A number in a tracker this repository does not carry: the word issue, then a number, `#` or not. */
const TRACKER = /\bissues?\s*#?\s*\d+/gi
/**
 * An issue named by its title: the word issue and a quoted title, or a quoted title and the word
 * item; and by name the one title that comments also wrote without quotes, followed by ", item N".
 */
const TRACKER_TITLE = /\bissues?\s+["“][^"”]+["”]|["“][^"”]+["”]\s+(?:issue|item)\b|\bHold the line\b/gi

/**
 * A bare hash and number in prose (a pull request or ticket). Not a numbered standard ("UTS #39"),
 * nor a colour (`#000`, `#111827`) unless a word before it says it is a reference ("see", "fixes",
 * an opening parenthesis).
 */
const BARE_NUMBER = /(?<!(?:UTS|TR) )(?<![\w&/#-])#\d+\b(?![\w-])/g
const REFERENCE_WORD = /(?:\(|\b(?:see|in|from|by|fixes|fixed|closes|closed|PR|pull request|ticket|bug))\s*$/i
const isReference = (text: string, index: number, found: string) => ![4, 7, 9].includes(found.length) || REFERENCE_WORD.test(text.slice(0, index))

/** Top-level folders whose paths comments cite. */
const ROOTS = ['docs', 'server', 'shared', 'src', 'scripts', 'test', 'bench', 'deploy', 'public', 'locales', 'locales-console', 'content']

/** A path under one of ROOTS, not part of a longer path or address (`/work/...`, `../src`, `https://x/docs`). */
const PATH = new RegExp(`(?<![\\w./@~:-])(?:${ROOTS.join('|')})/[\\w.\\-/]*(?:#[\\w-]+)?`, 'g')

/** A bare Markdown file name (`CONVENTIONS.md`, `product.md#limits`). */
const BARE_MD = /(?<![\w./-])[\w-]+\.md(?:#[\w-]+)?\b/g

/** A section cited by its title in quotes (a page name, then the title in double quotes): titles change, anchors are checked. */
const QUOTED_SECTION = /[\w-]+\.md "[^"]+"/g

/** A Markdown link's target: `[text](target)`. */
const MD_LINK = /\]\(([^)\s]+)\)/g

/** GitHub's heading slug: lower case, punctuation dropped, spaces to dashes. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors a Markdown page offers: heading slugs (numbered when repeated), `<a id>` and `{#id}`. */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced
    if (fenced) continue
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading) {
      const base = slug((heading[1] ?? '').replace(/\{#[\w-]+\}/, ''))
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      found.add(count === 0 ? base : `${base}-${count}`)
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(match[1] ?? '')
    for (const match of line.matchAll(/\{#([\w-]+)\}/g)) found.add(match[1] ?? '')
  }
  return found
}

type Kind = 'c' | 'hash' | 'sql' | 'json' | 'markdown' | 'html' | 'none'

/** How comments are written in a file, by its name. */
export function kindOf(path: string): Kind {
  const name = posix.basename(path)
  if (/\.(?:[cm]?[jt]sx?|css)$/.test(name)) return 'c'
  if (/\.sql$/.test(name)) return 'sql'
  if (/\.json$/.test(name)) return 'json'
  if (/\.md$/.test(name)) return 'markdown'
  if (/\.html$/.test(name)) return 'html'
  if (/\.(?:ya?ml|sh|conf|cfg|npmrc|Containerfile)$|^(?:Dockerfile|run|\.gitignore|\.dockerignore)$/.test(name)) return 'hash'
  return 'none'
}

/** Where a regular expression literal may start: after these, `/` is not division. */
const BEFORE_REGEX = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', ';', '+', '-', '*', '%', '>', '~', '^'])

/**
 * The comments of a C-like source (TypeScript, JavaScript, CSS) with their line numbers. Strings,
 * template literals and regular expression literals are stepped over, so that `'//'` or `/\/*` is
 * not taken for a comment; a string ends at its line's end, so one stray quote in JSX text costs
 * one line, not the rest of the file.
 */
export function cComments(source: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = []
  let line = 1
  let last = ''
  let i = 0
  const n = source.length
  while (i < n) {
    const c = source[i] as string
    const next = source[i + 1]
    if (c === '\n') {
      line++
      i++
      continue
    }
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i)
      const stop = end === -1 ? n : end
      out.push({ line, text: source.slice(i + 2, stop) })
      i = stop
      continue
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? n : end
      const text = source.slice(i + 2, stop)
      text.split('\n').forEach((part, k) => {
        out.push({ line: line + k, text: part })
      })
      line += text.split('\n').length - 1
      i = stop + 2
      last = ''
      continue
    }
    if (c === '"' || c === "'") {
      i++
      while (i < n && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1
      i++
      last = 'x'
      continue
    }
    if (c === '`') {
      i++
      let depth = 0
      while (i < n) {
        const t = source[i]
        if (t === '\\') i += 2
        else if (t === '\n') {
          line++
          i++
        } else if (depth === 0 && t === '`') break
        else if (t === '$' && source[i + 1] === '{') {
          depth++
          i += 2
        } else {
          if (t === '}' && depth > 0) depth--
          i++
        }
      }
      i++
      last = 'x'
      continue
    }
    if (c === '/' && (BEFORE_REGEX.has(last) || /(?:return|typeof|case|in|of)$/.test(source.slice(Math.max(0, i - 8), i).trimEnd()))) {
      i++
      let inClass = false
      while (i < n && source[i] !== '\n') {
        const t = source[i]
        if (t === '\\') i++
        else if (t === '[') inClass = true
        else if (t === ']') inClass = false
        else if (t === '/' && !inClass) break
        i++
      }
      i++
      last = 'x'
      continue
    }
    if (!/\s/.test(c)) last = /[\w$)\]]/.test(c) ? 'x' : c
    i++
  }
  return out
}

/** The text of a file a reader takes as prose: its comments, or all of it for a doc. */
export function commentLines(path: string, source: string): Array<{ line: number; text: string }> {
  const kind = kindOf(path)
  const lines = source.split('\n')
  const each = (pick: (text: string) => string | undefined) =>
    lines.flatMap((text, k) => {
      const picked = pick(text)
      return picked === undefined ? [] : [{ line: k + 1, text: picked }]
    })
  switch (kind) {
    case 'c':
      return cComments(source)
    case 'markdown': {
      // Fenced blocks are commands and samples (`kubectl exec` of a deployment), not citations.
      let fenced = false
      return each((text) => {
        if (/^\s*```/.test(text)) fenced = !fenced
        return fenced ? undefined : text
      })
    }
    case 'sql':
      return each((text) => /--(.*)$/.exec(text.replace(/'[^']*'/g, "''"))?.[1])
    case 'hash':
      return each((text) => /(?:^|\s)#(.*)$/.exec(text)?.[1])
    case 'json':
      return each((text) => /"\$comment"\s*:\s*"(.*)"/.exec(text)?.[1])
    case 'html':
      return each((text) => /<!--(.*?)(?:-->|$)/.exec(text)?.[1])
    default:
      return []
  }
}

/** Whether `target#anchor` (a repository path, perhaps with an anchor) resolves; the reason when not. */
function resolve(tree: Tree, target: string): string | undefined {
  const [cited = '', anchor] = target.split('#')
  const path = cited.replace(/\/$/, '')
  if (!tree.paths.has(path)) return `${path} is not in the repository`
  if (anchor === undefined) return undefined
  const known = tree.anchorsOf(path)
  if (!known) return `${path} has no anchors`
  return known.has(anchor) ? undefined : `${path} has no anchor #${anchor}`
}

/** Every citation in one file's text that does not resolve. */
export function check(tree: Tree, file: string, source: string): Problem[] {
  const problems: Problem[] = []
  const report = (line: number, text: string, why: string) => problems.push({ file, line, text: text.trim(), why })

  // Anywhere in the file, strings and test names included: a reader has no tracker and no design pages.
  source.split('\n').forEach((text, k) => {
    for (const match of text.matchAll(TRACKER)) report(k + 1, text, `"${match[0]}" cites a tracker the repository does not carry`)
    for (const match of text.matchAll(TRACKER_TITLE)) report(k + 1, text, `"${match[0]}" cites a tracker the repository does not carry`)
    for (const match of text.matchAll(OUTSIDE)) report(k + 1, text, `"${match[0]}" is a design page outside the repository`)
  })

  const isDoc = kindOf(file) === 'markdown'
  for (const { line, text } of commentLines(file, source)) {
    for (const match of text.matchAll(PATH)) {
      let cited = match[0].replace(/[.\-/]+$/, '')
      const after = text[(match.index ?? 0) + match[0].length]
      // A pattern (`test/e2e/*.spec.ts`, `locales/<locale>/`, `migrations/NNNN_name.sql`): its folder must exist.
      if ((after !== undefined && '*<{$['.includes(after)) || /NNNN/.test(match[0])) {
        const base = match[0].split('#')[0] ?? ''
        cited = base.endsWith('/') ? base.slice(0, -1) : posix.dirname(base)
      }
      const why = resolve(tree, cited)
      if (why) report(line, text, why)
    }
    for (const match of text.matchAll(BARE_NUMBER)) {
      if (isReference(text, match.index ?? 0, match[0])) report(line, text, `"${match[0]}" cites a tracker the repository does not carry`)
    }
    for (const match of text.matchAll(QUOTED_SECTION)) {
      if (OUTSIDE_PAGES.some((page) => match[0].startsWith(page))) continue
      report(line, text, `${match[0]}: cite the section by its anchor (#slug of its heading)`)
    }
    for (const match of text.matchAll(BARE_MD)) {
      const [name = '', anchor] = match[0].split('#')
      // A doc's link target is resolved relative to the doc below.
      if (isDoc && text.slice(0, match.index).endsWith('](')) continue
      if (OUTSIDE_PAGES.includes(name)) continue
      const homes = tree.byName.get(name) ?? []
      if (homes.length === 0) report(line, text, `${name} is not in the repository`)
      else if (anchor !== undefined && !homes.some((home) => tree.anchorsOf(home)?.has(anchor))) report(line, text, `${name} has no anchor #${anchor}`)
    }
    if (!isDoc) continue
    for (const match of text.matchAll(MD_LINK)) {
      const target = match[1] ?? ''
      if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith('/')) continue
      const [path = '', anchor] = target.split('#')
      const full = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), path))
      const why = resolve(tree, anchor === undefined ? full : `${full}#${anchor}`)
      if (why) report(line, text, why)
    }
  }
  return problems
}

/** The tree as git tracks it, read from the working copy. */
export function trackedTree(root: string): { tree: Tree; files: string[] } {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean)
  const paths = new Set<string>()
  const byName = new Map<string, string[]>()
  for (const file of files) {
    byName.set(posix.basename(file), [...(byName.get(posix.basename(file)) ?? []), file])
    for (let path = file; path !== '.' && path !== ''; path = posix.dirname(path)) paths.add(path)
  }
  const cache = new Map<string, Set<string> | undefined>()
  const anchorsOf = (path: string) => {
    if (!cache.has(path)) cache.set(path, path.endsWith('.md') && files.includes(path) ? anchors(readFileSync(join(root, path), 'utf8')) : undefined)
    return cache.get(path)
  }
  return { tree: { paths, byName, anchorsOf }, files }
}

/** Every unresolved citation in the tracked text files under `root`. */
export function checkRepository(root: string): Problem[] {
  const { tree, files } = trackedTree(root)
  const problems: Problem[] = []
  for (const file of files) {
    const bytes = readFileSync(join(root, file))
    if (bytes.subarray(0, 8000).includes(0)) continue
    problems.push(...check(tree, file, bytes.toString('utf8')))
  }
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkRepository(join(dirname(fileURLToPath(import.meta.url)), '..'))
  for (const problem of problems) console.log(`${problem.file}:${problem.line}: ${problem.why}\n    ${problem.text.slice(0, 160)}`)
  console.log(`${problems.length} citation(s) that do not resolve`)
  process.exitCode = problems.length > 0 ? 1 : 0
}

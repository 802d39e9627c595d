// node scripts/check-licences.ts (npm run licences, part of npm test)
// Reads the licence of every production package (npm ls --omit=dev: what the running site and its
// image carry) and exits 1 with a list when one is AGPL or GPL, or declares nothing this check can
// read. A brand running this site must not be bound to publish its code: ua-parser-js moved from
// its AGPL 2.x line to the MIT 1.x line for that reason. LGPL is allowed (sharp's libvips binary:
// linked, not copied into our code). An "OR" expression passes when one branch does; "AND" needs all.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface PackageLicence {
  name: string
  version: string
  /** package.json's `license`: an SPDX expression, or the legacy `{ type }` object. */
  license?: unknown
  /** package.json's legacy `licenses`: an array of `{ type }` or of names, any of which applies. */
  licenses?: unknown
}

/** Packages whose licence field this check cannot read, each with why it is acceptable. */
export const ALLOWED_UNREADABLE: Record<string, string> = {
  '@ip-location-db/dbip-country':
    'IP-to-country data under CC-BY-4.0 ("SEE LICENSE IN DBIP-LICENSE (CC-BY-4.0)"): free to ship with attribution to DB-IP, no copyleft',
}

/** The GNU copyleft licences that reach the code using them (GPL through linking, AGPL also over a network). */
const FORBIDDEN = /^A?GPL-/i
const SPDX_ID = /^[A-Za-z0-9][A-Za-z0-9.+-]*$/

type Verdict = 'allowed' | 'forbidden' | 'unknown'

function verdictOfId(id: string): Verdict {
  if (!SPDX_ID.test(id)) return 'unknown'
  if (FORBIDDEN.test(id)) return 'forbidden'
  // "UNLICENSED" is npm's word for "no licence granted": not a licence at all.
  return id.toUpperCase() === 'UNLICENSED' ? 'unknown' : 'allowed'
}

/**
 * An SPDX expression's verdict: `a OR b` the better of both, `a AND b` the worse, parentheses
 * group, `x WITH exception` is judged as x. Anything that does not parse is unknown.
 */
export function verdictOf(expression: string): Verdict {
  const tokens = expression.replace(/[()]/g, ' $& ').trim().split(/\s+/)
  let position = 0
  const rank: Record<Verdict, number> = { forbidden: 0, unknown: 1, allowed: 2 }
  const better = (a: Verdict, b: Verdict) => (rank[a] >= rank[b] ? a : b)
  const worse = (a: Verdict, b: Verdict) => (rank[a] <= rank[b] ? a : b)
  const primary = (): Verdict => {
    const token = tokens[position++]
    if (token === undefined) return 'unknown'
    if (token === '(') {
      const inner = or()
      return tokens[position++] === ')' ? inner : 'unknown'
    }
    const verdict = verdictOfId(token)
    if (tokens[position]?.toUpperCase() === 'WITH') position += 2
    return verdict
  }
  const and = (): Verdict => {
    let verdict = primary()
    while (tokens[position]?.toUpperCase() === 'AND') {
      position++
      verdict = worse(verdict, primary())
    }
    return verdict
  }
  const or = (): Verdict => {
    let verdict = and()
    while (tokens[position]?.toUpperCase() === 'OR') {
      position++
      verdict = better(verdict, and())
    }
    return verdict
  }
  const verdict = or()
  return position === tokens.length ? verdict : 'unknown'
}

/** The expression a package declares, legacy forms included; null when it declares none. */
export function expressionOf(pkg: PackageLicence): string | null {
  const typeOf = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'object' && value && 'type' in value ? String(value.type) : null)
  const single = typeOf(pkg.license)
  if (single) return single
  if (Array.isArray(pkg.licenses)) {
    const types = pkg.licenses.map(typeOf).filter((type): type is string => Boolean(type))
    if (types.length) return types.length === 1 ? (types[0] as string) : `(${types.join(') OR (')})`
  }
  return null
}

/** One line per package that fails: its name, version and what it declares. */
export function licenceProblems(packages: PackageLicence[], allowedUnreadable: Record<string, string> = ALLOWED_UNREADABLE): string[] {
  const problems: string[] = []
  for (const pkg of packages) {
    const expression = expressionOf(pkg)
    const verdict = expression === null ? 'unknown' : verdictOf(expression)
    if (verdict === 'allowed') continue
    if (verdict === 'unknown' && pkg.name in allowedUnreadable) continue
    const declared = expression === null ? 'no licence declared' : `"${expression}"`
    problems.push(
      `${pkg.name}@${pkg.version}: ${declared} (${verdict === 'forbidden' ? 'GPL or AGPL' : 'not readable: fix it or list it in ALLOWED_UNREADABLE with a reason'})`,
    )
  }
  return problems
}

/** The installed production packages (npm ls --omit=dev --all), each read from its package.json. */
export function productionPackages(root: string): PackageLicence[] {
  let listing: string
  try {
    listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    // npm ls exits 1 on a tree it finds odd (an extraneous package) but still lists it.
    const stdout = (error as { stdout?: string }).stdout
    if (!stdout) throw error
    listing = stdout
  }
  const directories = [...new Set(listing.split('\n').filter(Boolean))].slice(1)
  return directories.map((directory) => JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as PackageLicence)
}

if (import.meta.main) {
  const packages = productionPackages(process.cwd())
  const problems = licenceProblems(packages)
  if (problems.length) {
    console.error(`Production dependencies under a licence this site cannot ship (${problems.length}):\n${problems.map((line) => `  - ${line}`).join('\n')}`)
    process.exit(1)
  }
  console.log(`licences: ${packages.length} production packages, none GPL or AGPL`)
}

// Writes the demo brokers' logos: node server/platform/search/demo-logos.ts
// Small SVG monograms (about 400 bytes each) in public/demo/brokers/, one per demo broker.
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BrokerInput } from './demo-brokers.ts'
import { demoBrokers } from './seed.ts'

const COLOURS = ['#0b1f3a', '#12305a', '#1b4278', '#0f766e', '#7c2d12', '#4c1d95', '#9f1239', '#155e75', '#3f6212', '#a8841a']

function hash(text: string): number {
  let value = 2166136261
  for (const character of text) value = Math.imul(value ^ (character.codePointAt(0) ?? 0), 16777619)
  return value >>> 0
}

export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word))
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0] ?? '??').slice(0, 2)
  return letters.toUpperCase()
}

/** A rounded square in the broker's colour with its initials; the title names the broker for assistive technology. */
export function logoSvg(broker: Pick<BrokerInput, 'code' | 'nameEn'>): string {
  const colour = COLOURS[hash(broker.code) % COLOURS.length] as string
  const title = broker.nameEn.replace(/[<>&"]/g, '')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img"><title>${title}</title><rect width="64" height="64" rx="14" fill="${colour}"/><path d="M0 46 64 30v20a14 14 0 0 1-14 14H14A14 14 0 0 1 0 50z" fill="#fff" fill-opacity=".12"/><text x="32" y="41" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#fff">${initialsOf(broker.nameEn)}</text></svg>\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../../../public/demo/brokers/', import.meta.url))
  mkdirSync(dir, { recursive: true })
  const brokers = demoBrokers()
  for (const broker of brokers) writeFileSync(`${dir}${broker.code.toLowerCase()}.svg`, logoSvg(broker))
  writeFileSync(
    `${dir}placeholder.svg`,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="#e7eef8"/><path d="M18 44V26l14-8 14 8v18M24 44V32h16v12M14 44h36" fill="none" stroke="#5b6472" stroke-width="3" stroke-linejoin="round"/></svg>\n',
  )
  console.log(`${brokers.length} logos and the placeholder in ${dir}`)
}

import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { BADGE_ROLES } from '../shared/rules/badges.ts'
import { type Badge, badgePdf } from '../server/platform/tickets/badge-pdf.ts'
import { createTicketSigner } from '../server/platform/tickets/e-tickets.ts'

/**
 * Memory of a whole exhibition's badge PDF (docs/product.md#badges): draws N badges (default 5,000)
 * in names of every script, throws the bytes away as they come, and prints the resident set size
 * as it goes. Flat RSS after the first pages is the point: `node --expose-gc bench/badges-memory.ts 5000 a6`.
 */
const count = Number(process.argv[2] ?? 5000)
const stock = process.argv[3] === 'cr80' ? 'cr80' : 'a6'
const signer = createTicketSigner(generateKeyPairSync('ed25519').privateKey)
const NAMES = ['王小明', '山田太郎', 'สมชาย ใจดี', 'Иван Петров', 'Văn An Nguyễn', 'Grace Hopper']
const mb = () => {
  globalThis.gc?.()
  return Math.round(process.memoryUsage().rss / 1024 / 1024)
}

const rss: number[] = []
function* badges(): Generator<Badge> {
  for (let index = 0; index < count; index++) {
    if (index % 500 === 0) rss.push(mb())
    yield {
      name: `${NAMES[index % NAMES.length]} ${index}`,
      company: index % 3 ? null : 'Aurum Markets Ltd',
      country: 'Thailand',
      role: BADGE_ROLES[index % BADGE_ROLES.length] ?? 'visitor',
      code: signer.sign(randomUUID(), 7),
    }
  }
}

const started = performance.now()
let bytes = 0
const sheet = { stock, brand: 'Aurum Expo', exhibition: 'Bangkok Fintech Expo', dates: '26–27 Jan 2027', roleWord: (role: string) => role, lang: 'en' } as const
for await (const chunk of badgePdf(sheet, badges())) {
  bytes += chunk.length
}
console.log(
  JSON.stringify({
    badges: count,
    stock,
    megabytes: Math.round(bytes / 1024 / 102.4) / 10,
    seconds: Math.round(performance.now() - started) / 1000,
    rssMb: rss,
    endMb: mb(),
  }),
)

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AuditRow } from '../../../api/console.ts'
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../../../shared/rules/console-access.ts'
import { createConsoleI18n, type Messages } from '../../i18n.ts'
import { auditSentence, type SentenceContext, sentenceKeyOf } from './audit-sentence.ts'

const root = join(import.meta.dirname, '../../../..')
const messagesOf = (language: ConsoleLanguage) => JSON.parse(readFileSync(join(root, `locales-console/${language}.json`), 'utf8')) as Messages

function contextIn(language: ConsoleLanguage): SentenceContext {
  const i18n = createConsoleI18n(language, messagesOf(language), (key) => {
    throw new Error(`missing ${key}`)
  })
  const members = [{ id: 'm2', name: 'Grace Hopper', email: 'grace@example.org' }]
  return {
    t: (key, values) => i18n.t(key, values),
    exists: (key, options) => i18n.exists(key, options),
    language,
    memberOf: (id) => members.find((member) => member.id === id),
  }
}

const row = (fields: Partial<AuditRow>): AuditRow => ({
  id: '1',
  at: '2027-06-02T10:00:00.000Z',
  staff: { id: 'm1', email: 'ada@example.org', name: 'Ada Lovelace' },
  function: 'console$saveExhibition',
  target: null,
  before: null,
  after: null,
  address: null,
  ...fields,
})

const refund = row({
  function: 'console$refundOrder',
  target: 'order:T-7K2M',
  before: { refundedMinor: 0, currency: 'GBP' },
  after: { refundedMinor: 11610, refund: { id: 'r1', amountMinor: 11610, ticketIds: ['t1'], status: 'succeeded' } },
})
const roles = row({
  function: 'console$updateMember',
  target: 'staff:m2',
  before: { email: 'grace@example.org', roles: ['manager'], exhibitionIds: null, status: 'active' },
  after: { email: 'grace@example.org', roles: ['owner'], exhibitionIds: null, status: 'active' },
})

/** Every function the server writes to the audit log under (its string literals: `'console$x'`, `'cli:x'`). */
function auditedFunctions(): string[] {
  const found = new Set<string>()
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(path, 'utf8')
        if (!/audit\(/.test(source) && !/\bfn: '/.test(source)) continue
        for (const match of source.matchAll(/'((?:console\$|cli:)[\w-]+)'/g)) found.add(match[1] as string)
      }
    }
  }
  walk(join(root, 'server'))
  return [...found].sort()
}

describe('audit sentences', () => {
  it('when a member refunds, then the log reads as a sentence with the money in the currency’s digits', () => {
    expect(auditSentence(refund, contextIn('en'))).toBe('Ada Lovelace refunded £116.10 on order T-7K2M')
    expect(auditSentence(refund, contextIn('zh-cn'))).toBe('Ada Lovelace为订单 T-7K2M退款 £116.10')
    expect(auditSentence(refund, contextIn('zh'))).toBe('Ada Lovelace為訂單 T-7K2M退款 £116.10')
    const yen = { ...refund, before: { refundedMinor: 0, currency: 'JPY' }, after: { refund: { amountMinor: 5000 } } }
    expect(auditSentence(yen, contextIn('en'))).toBe('Ada Lovelace refunded ¥5,000 on order T-7K2M')
  })

  it('when an owner changes roles, then the sentence names the member and both roles in the member’s language', () => {
    expect(auditSentence(roles, contextIn('en'))).toBe('Ada Lovelace changed the roles of Grace Hopper from Manager to Owner')
    expect(auditSentence(roles, contextIn('zh-cn'))).toBe('Ada Lovelace将Grace Hopper的角色从经理改为所有者')
  })

  it('when the command line or the system wrote the record, then the sentence says so', () => {
    const added = row({ staff: null, function: 'cli:add', target: 'staff:m2', after: { name: 'Grace Hopper', roles: ['owner'] } })
    expect(auditSentence(added, contextIn('en'))).toBe('The command line added Grace Hopper as Owner')
  })

  it('when counts are recorded, then the sentence is in the right plural form', () => {
    const one = row({ function: 'console$exportFile', target: 'exhibition:4', after: { kind: 'attendees', format: 'csv', rows: 1 } })
    expect(auditSentence(one, contextIn('en'))).toBe('Ada Lovelace exported 1 row of exhibition 4 as CSV')
    expect(auditSentence({ ...one, after: { format: 'xlsx', rows: 12 } }, contextIn('zh'))).toBe('Ada Lovelace將展會 4的 12 列匯出為 XLSX')
  })

  it('when a manager resends an exhibitor’s invitation, then the sentence names the address and the exhibitor', () => {
    const resent = row({
      function: 'console$resendExhibitorInvitation',
      target: 'exhibitor:7',
      before: { invitation: 3, email: 'wang@example.cn', expiresAt: '2027-06-01T10:00:00.000Z' },
      after: { invitation: 3, email: 'wang@example.cn', role: 'admin', locale: 'zh-cn', expiresAt: '2027-06-09T10:00:00.000Z' },
    })
    expect(auditSentence(resent, contextIn('en'))).toBe('Ada Lovelace mailed the invitation to wang@example.cn again for exhibitor 7')
    expect(auditSentence(resent, contextIn('zh-cn'))).toBe('Ada Lovelace为参展商 7向 wang@example.cn 重发了邀请')
  })

  it('when a manager sells, moves or frees a booth, then the sentence names the booths and the exhibitor', () => {
    const sold = row({
      function: 'console$assignBooth',
      target: 'booth:9',
      before: { number: 'B12', state: 'available' },
      after: { number: 'B12', exhibitor: 4 },
    })
    expect(auditSentence(sold, contextIn('en'))).toBe('Ada Lovelace sold booth B12 to exhibitor 4')
    const moved = row({ ...sold, before: { number: 'B12', movedFrom: 'A3' } })
    expect(auditSentence(moved, contextIn('en'))).toBe('Ada Lovelace moved exhibitor 4 from booth A3 to booth B12')
    const freed = row({ ...sold, after: { number: 'B12', exhibitor: null } })
    expect(auditSentence(freed, contextIn('zh-cn'))).toBe('Ada Lovelace释放了展位 B12')
    const added = row({ function: 'console$saveHall', target: 'hall:2', before: null, after: { label: 'A' } })
    expect(auditSentence(added, contextIn('en'))).toBe('Ada Lovelace added the hall A')
  })

  it('when the server audits a function, then each console language has a sentence for it', () => {
    const functions = auditedFunctions()
    // The scan must see the server's audit calls, or the check below proves nothing.
    expect(functions).toEqual(expect.arrayContaining(['console$refundOrder', 'console$updateMember', 'cli:add', 'console$hideComment']))
    for (const language of CONSOLE_LANGUAGES) {
      const sentences = (messagesOf(language).audit as { sentences: Record<string, string> }).sentences
      const missing = functions.filter((fn) => !sentences[sentenceKeyOf(fn)] && !sentences[`${sentenceKeyOf(fn)}_other`])
      expect({ language, missing }).toEqual({ language, missing: [] })
    }
  })

  it('when English has a sentence, then the Chinese consoles have it too', () => {
    const keysOf = (language: ConsoleLanguage) =>
      Object.keys((messagesOf(language).audit as { sentences: Record<string, string> }).sentences)
        .map((key) => key.replace(/_(one|other)$/, ''))
        .sort()
    const english = [...new Set(keysOf('en'))]
    expect([...new Set(keysOf('zh-cn'))]).toEqual(english)
    expect([...new Set(keysOf('zh'))]).toEqual(english)
  })
})

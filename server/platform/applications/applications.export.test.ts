import { describe, expect, it } from 'vitest'
import { terminalSafe, toCsv } from './applications.export.ts'
import type { OrganiserRow } from './applications.repo.ts'

const row = (overrides: Partial<OrganiserRow> = {}): OrganiserRow => ({
  reference: 'EX-ABCDEFGH',
  kind: 'exhibitor',
  status: 'received',
  created_at: new Date('2026-05-01T08:00:00Z'),
  locale: 'zh-cn',
  exhibition_id: 3,
  exhibition_slug: 'bangkok-2026',
  exhibition_title: '曼谷博览会',
  email: 'li@acme.com',
  phone_e164: '+8613800138000',
  company_name: 'Acme',
  website: 'https://acme.com',
  contact_person: 'Li Lei',
  booth_size: 'custom',
  booth_width_m: '4.5',
  booth_depth_m: '6.0',
  exhibiting_method: 'company',
  surname: null,
  given_name: null,
  position: null,
  identity: null,
  industry: null,
  linked_account: false,
  ...overrides,
})

describe('organiser export', () => {
  it('when rows are exported, then RFC 4180 with a byte order mark, the booth in words and formula-like cells defused', () => {
    const csv = toCsv([row(), row({ company_name: 'Multi\r\nline' }), row({ company_name: '＋1 Capital' })])
    expect(csv.startsWith('\ufeffReference,')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(csv).toContain(',custom 4.5x6 m,')
    expect(csv).toContain(",'+8613800138000,")
    expect(csv).toContain(",'＋1 Capital,")
    expect(csv).toContain(',曼谷博览会,')
    // A line break inside a quoted field stays inside it.
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(5)
  })

  it('when applicant text reaches the terminal, then escape sequences are made visible, not run', () => {
    expect(terminalSafe('Acme\u001b[2J')).toBe('Acme\\u001b[2J')
    expect(terminalSafe('a\u202eb')).toBe('a\\u202eb')
  })
})

import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import messages from '../../../locales-console/en.json' with { type: 'json' }
import { createConsoleI18n } from '../i18n.ts'
import { ListFilters } from './list-filters.tsx'
import { choiceFilter, dayFilter, exhibitionFilter, listQuery, searchFilter } from './list-query.ts'

const query = listQuery(
  {
    search: searchFilter(40),
    exhibitionId: exhibitionFilter(),
    status: choiceFilter('status', ['paid', 'cancelled'], { label: 'status', any: 'anyStatus', option: 'state' }),
    method: { param: 'method', rule: (raw: string) => raw, field: { kind: 'choice', label: 'method', any: 'anyMethod' } },
    from: dayFilter('from'),
    after: { param: 'after', rule: (raw: string) => raw },
  },
  { pageSize: 10 },
)

function render(address: string, props: Partial<Parameters<typeof ListFilters>[0]> = {}) {
  const missing: string[] = []
  const i18n = createConsoleI18n('en', messages, (key) => missing.push(key))
  const filters = query.filtersFrom(new URLSearchParams(address))
  const Stub = createRoutesStub([{ path: '/', Component: () => <ListFilters words="orders" query={query} filters={filters} {...props} /> }])
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  )
  return { html, missing }
}

const order = (html: string, names: string[]) => names.map((name) => html.indexOf(`name="${name}"`))

describe('the filters form a list query draws', () => {
  it('when the address sets filters, then each field shows its value, in the order the query names them', () => {
    const { html, missing } = render('q=Acme&exhibition=7&status=paid&method=card&from=2027-02-03&after=T-1', {
      exhibitions: [
        { id: 7, title: 'Dubai' },
        { id: 8, title: '' },
      ],
      options: { method: [{ value: 'card', label: 'Card' }] },
    })
    expect(missing).toEqual([])
    const places = order(html, ['q', 'exhibition', 'status', 'method', 'from'])
    expect(places.every((place) => place > 0)).toBe(true)
    expect([...places].sort((a, b) => a - b)).toEqual(places)
    expect(html).toContain('value="Acme"')
    expect(html).toMatch(/<option value="7" selected="">Dubai<\/option>/)
    expect(html).toContain('<option value="8">#8</option>')
    expect(html).toMatch(/<option value="paid" selected="">Paid<\/option>/)
    expect(html).toContain('<option value="">Any status</option>')
    expect(html).toMatch(/<option value="card" selected="">Card<\/option>/)
    expect(html).toContain('value="2027-02-03"')
    expect(html).toContain('maxLength="40"')
  })

  it('when a filter has no field (a keyset pager’s place), then the address keeps it but the form does not show it', () => {
    const { html } = render('after=T-1')
    expect(html).not.toContain('name="after"')
    expect(html).toContain('<option value="" selected="">Any status</option>')
  })
})

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONSOLE } from '../shared/functions/console.ts'
import { ENDPOINTS } from '../shared/functions/gateway.ts'
import { allContracts, OPENAPI_FILE, openApiDocument, openApiText } from './openapi.ts'

describe('docs/openapi.json', () => {
  it('when a function, its address or its schemas change, then the document is generated again (npm run openapi)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8') === (await openApiText()), 'docs/openapi.json is stale: run npm run openapi').toBe(true)
  })

  it('when the console gateway is described, then it lists every console function with the access of its table', async () => {
    const document = (await openApiDocument()) as { paths: Record<string, { post?: { 'x-functions': Record<string, { access: string }> } }> }
    const described = document.paths[ENDPOINTS.console.path]?.post?.['x-functions'] ?? {}
    for (const [name, address] of Object.entries(CONSOLE)) expect(described[address.route]?.access, name).toBe(address.access)
  })

  it('when contracts are read, then each function of each endpoint is declared once', async () => {
    const routes = (await allContracts()).map(({ contract }) => `${contract.endpoint} ${contract.route ?? ''}`)
    expect(routes.length).toBeGreaterThan(100)
    expect(new Set(routes).size).toBe(routes.length)
  })
})

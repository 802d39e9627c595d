import type { LoaderFunctionArgs } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GatewayClient } from '../../api/client.ts'
import type { LoaderContextValue, SiteState } from '../../app-state.ts'
import { setCurrentUser } from '../../components/account-menu/user-store.ts'
import { loader } from './route.tsx'

const site = { lang: 'en', locale: 'en', htmlLang: 'en', user: null } as unknown as SiteState

/** The loader's arguments with a gateway that answers the two calls it makes, and records them. */
function argsWith(calls: string[]): LoaderFunctionArgs {
  const gateway = {
    call: async (ref: { route?: string }) => {
      calls.push(ref.route ?? '')
      return ref.route === 'apply$applicantDefaults' ? { email: 'wang@example.cn' } : { items: [] }
    },
  } as unknown as GatewayClient
  const value: LoaderContextValue = { gateway, site }
  return { context: { get: () => value } } as unknown as LoaderFunctionArgs
}

afterEach(() => {
  setCurrentUser(null)
  vi.unstubAllGlobals()
})

describe('the application page loader', () => {
  it('when the visitor logged in through the frame after the page was served, then the form starts with their address', async () => {
    // The browser's knowledge of the login: the page itself was rendered for nobody (site.user null).
    vi.stubGlobal('window', {})
    setCurrentUser({ userId: 'u1', avatar: null, nick: 'Wang' })
    const calls: string[] = []
    const data = await loader(argsWith(calls))
    expect(calls).toContain('apply$applicantDefaults')
    expect(data.email).toBe('wang@example.cn')
  })

  it('when nobody is logged in, then the address is not asked for', async () => {
    const calls: string[] = []
    const data = await loader(argsWith(calls))
    expect(calls).toEqual(['apply$openExhibitions'])
    expect(data.email).toBe('')
  })
})

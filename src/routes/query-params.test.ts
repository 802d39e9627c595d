import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from './index.ts'
import { queryParamsOfPath, ROUTE_QUERY_PARAMS } from '../../shared/query-params.ts'

/** Every screen's path under `/:lang` ('' for the index route), as React Router sees it. */
function screenPaths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((route) => {
    const path = route.index ? prefix : route.path ? [prefix, route.path].filter(Boolean).join('/') : prefix
    const own = route.handle && (route.index || route.path) ? [path] : []
    return [...own, ...screenPaths(route.children ?? [], path)]
  })
}

describe('the query parameters each page reads', () => {
  it('when a screen is in the route table, then the table of query parameters names it, and nothing else', () => {
    const root = routes[0]?.children ?? []
    expect(screenPaths(root).sort()).toEqual(Object.keys(ROUTE_QUERY_PARAMS).sort())
  })

  it('when a tracking parameter is a declared one, then the page cache would split on it: none is', () => {
    const tracking = /^(utm_|fbclid$|gclid$|msclkid$|dclid$|yclid$|mc_cid$|mc_eid$|_ga$|igshid$|twclid$|li_fat_id$|ref_src$)/
    for (const declared of Object.values(ROUTE_QUERY_PARAMS)) {
      if (declared !== 'any') expect(declared.filter((name) => tracking.test(name))).toEqual([])
    }
  })

  it('when a path is matched, then as React Router would: static before dynamic, any case, optional segments and slash', () => {
    expect(queryParamsOfPath('/en')).toEqual([])
    expect(queryParamsOfPath('/en/')).toEqual([])
    expect(queryParamsOfPath('/zh-cn/search.html')).toEqual(['keyword', 'page'])
    expect(queryParamsOfPath('/en/SEARCH.HTML')).toEqual(['keyword', 'page'])
    expect(queryParamsOfPath('/en/exhibition/h5')).toEqual(['tag', 'page'])
    expect(queryParamsOfPath('/en/exhibition/42')).toEqual([])
    expect(queryParamsOfPath('/en/exhibition')).toBe('any')
    expect(queryParamsOfPath('/en/backDetail')).toEqual([])
    expect(queryParamsOfPath('/en/backDetail/7')).toEqual([])
    expect(queryParamsOfPath('/en/apply/registration')).toBe('any')
    expect(queryParamsOfPath('/en/no/such/page')).toEqual([])
  })
})

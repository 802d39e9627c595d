import { data, type LoaderFunctionArgs, redirect, type RouteObject } from 'react-router'
import { GatewayError } from '../api/gateway-error.ts'
import { ERROR_CODES, type FunctionRef, type RefPayload, type RefResult } from '../../shared/functions/gateway.ts'
import { consoleLoaderContext } from './console-state.ts'
import { signInPathFrom } from './lib/paths.ts'

/** What a console screen module (src/console/screens/<screen>/route.tsx) exports. */
export interface ConsoleScreenModule {
  loader?: RouteObject['loader']
  Component: NonNullable<RouteObject['Component']>
  shouldRevalidate?: RouteObject['shouldRevalidate']
}

/** The server reads it to link the screen's CSS and preload its code (server/http/assets.ts CONSOLE_PAGES). */
export interface ConsoleScreenHandle {
  screen: string
}

const modules = import.meta.glob<ConsoleScreenModule>('./screens/*/route.tsx')

/** A lazily loaded console screen; its texts are already there (one file per language). */
export function screen(name: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = modules[`./screens/${name}/route.tsx`]
  if (!load) throw new Error(`no console screen src/console/screens/${name}/route.tsx`)
  const handle: ConsoleScreenHandle = { screen: name }
  return { handle, lazy: async () => (await load()) as never }
}

/**
 * A console call from a loader. No session (expired, ended elsewhere): back to sign-in, remembering
 * the page. A role that may not call it, a missing item or a refused search: the screen's error boundary says so.
 */
export async function staffCall<R extends FunctionRef>(
  args: Pick<LoaderFunctionArgs, 'context' | 'request'>,
  ref: R,
  payload: RefPayload<R>,
): Promise<RefResult<R>> {
  try {
    return await args.context.get(consoleLoaderContext).client.call(ref, payload)
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    if (error.errorCode === ERROR_CODES.token) throw redirect(signInPathFrom(new URL(args.request.url)))
    // A search or filter in the address the platform refused (a control character typed or pasted into it).
    if (error.errorCode === ERROR_CODES.invalid || error.errorCode === ERROR_CODES.forbidden || error.errorCode === ERROR_CODES.notFound) {
      throw data(null, { status: error.errorCode })
    }
    throw error
  }
}

/** What a list screen's loader gives its component: the filters read from the address, the page the platform sent, its size. */
export interface ListData<F, P> {
  filters: F
  page: P
  pageSize: number
}

/**
 * One page of a list screen: filters from the page's address (ui/list-query.ts), the call's payload
 * from them (its `pageSize` is the one the pager counts with), the page from the platform.
 */
export async function loadList<F, R extends FunctionRef>(
  args: Pick<LoaderFunctionArgs, 'context' | 'request'>,
  query: { filtersFrom(params: URLSearchParams): F },
  ref: R,
  payloadOf: (filters: F) => RefPayload<R> & { pageSize: number },
): Promise<ListData<F, RefResult<R>>> {
  const filters = query.filtersFrom(new URL(args.request.url).searchParams)
  const payload = payloadOf(filters)
  return { filters, page: await staffCall(args, ref, payload), pageSize: payload.pageSize }
}

/** The loader of a list screen that needs nothing but its page (see loadList). */
export function listLoader<F, R extends FunctionRef>(
  query: { filtersFrom(params: URLSearchParams): F },
  ref: R,
  payloadOf: (filters: F) => RefPayload<R> & { pageSize: number },
) {
  return (args: LoaderFunctionArgs) => loadList(args, query, ref, payloadOf)
}

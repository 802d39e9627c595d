import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import {
  checkPinzhuan,
  type HotItem,
  homeDropdown,
  rankingHomeClient,
  recordChoice,
  type SearchSwitches,
  type Suggestion,
  searchSwitch,
  statisticsHotSearch,
} from '../../api/search.ts'
import { cutKeyword, HOT_SEARCH_PAGE_SIZE, KEYWORD_MAX, SUGGESTION_DEBOUNCE_MS } from '../../../shared/rules/search.ts'
import { useGateway, useSite } from '../../app-state.ts'
import { profileHref, resultsHref } from './targets.ts'

export type Option = { kind: 'hot'; item: HotItem } | { kind: 'broker'; item: Suggestion } | { kind: 'all'; keyword: string }

type Status = 'idle' | 'loading' | 'ready' | 'error'

interface Lists {
  status: Status
  switches: SearchSwitches | null
  hot: HotItem[]
  recommended: Suggestion[]
}

interface Suggestions {
  status: Status
  /** The keyword these answer; a newer keyword's answer replaces them, an older one never does. */
  keyword: string
  items: Suggestion[]
}

/** Lists for an empty box are the same for the whole page: asked once, shared by every box. */
let sharedLists: Promise<Omit<Lists, 'status'>> | null = null

/**
 * The search box's behaviour (docs/product.md#search-dropdown): hidden, then recommendations for
 * an empty text or suggestions for a typed one, 500 ms after the last keystroke; a full search is
 * checked first (adFlag opens the results directly); a broker with a profile opens it in a new tab.
 * Answers carry a sequence number, and the request of a superseded keyword is aborted, so a slow
 * answer never replaces a newer one.
 */
export function useSearch(options: { placement: string; initialText?: string; onLeave?: () => void }) {
  const gateway = useGateway()
  const site = useSite()
  const navigate = useNavigate()
  const [text, setText] = useState(options.initialText ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [capped, setCapped] = useState(false)
  const [lists, setLists] = useState<Lists>({ status: 'idle', switches: null, hot: [], recommended: [] })
  const [suggestions, setSuggestions] = useState<Suggestions>({ status: 'idle', keyword: '', items: [] })
  const sequence = useRef(0)
  const inFlight = useRef<AbortController | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const keyword = cutKeyword(text)
  const targets = { lang: site.lang, brokerSiteUrl: site.config.brokerSiteUrl }

  useEffect(() => () => clearTimeout(timer.current), [])

  const loadLists = useCallback(() => {
    sharedLists ??= (async () => {
      const switches = await gateway.call(searchSwitch, {})
      const [hot, recommended] = await Promise.all([
        switches.hotSearch
          ? gateway.call(statisticsHotSearch, {
              pageSize: HOT_SEARCH_PAGE_SIZE,
              content: '',
              CountryCode: '',
              LanguageCode: site.locale,
              adPtn: options.placement,
            })
          : [],
        switches.recommendations ? gateway.call(rankingHomeClient, { content: '', project: 'expo', type: 'recommended' }) : [],
      ])
      return { switches, hot, recommended }
    })()
    const pending = sharedLists
    setLists((current) => (current.status === 'ready' ? current : { ...current, status: 'loading' }))
    pending.then(
      (value) => setLists({ status: 'ready', ...value }),
      () => {
        if (sharedLists === pending) sharedLists = null
        setLists((current) => ({ ...current, status: 'error' }))
      },
    )
  }, [gateway, site.locale, options.placement])

  /** Asks for suggestions now; resolves with them, or null when a newer keyword superseded this one. */
  const fetchSuggestions = useCallback(
    async (wanted: string): Promise<Suggestion[] | null> => {
      clearTimeout(timer.current)
      timer.current = undefined
      inFlight.current?.abort()
      const controller = new AbortController()
      inFlight.current = controller
      sequence.current += 1
      const mine = sequence.current
      setSuggestions((current) => ({ status: 'loading', keyword: wanted, items: current.keyword === wanted ? current.items : [] }))
      try {
        const items = await gateway.call(homeDropdown, { content: wanted, project: 'expo', type: 'all' }, { signal: controller.signal })
        if (mine !== sequence.current) return null
        setSuggestions({ status: 'ready', keyword: wanted, items })
        return items
      } catch (error) {
        if (mine !== sequence.current || (error instanceof GatewayError && error.code === 'errors.cancelled')) return null
        setSuggestions({ status: 'error', keyword: wanted, items: [] })
        return null
      }
    },
    [gateway],
  )

  const change = (value: string) => {
    // docs/product.md#search-input: at most 30 characters (code points: an emoji is one); the excess is dropped as typed.
    const characters = [...value.toWellFormed().trimStart()]
    const cut = characters.length > KEYWORD_MAX ? characters.slice(0, KEYWORD_MAX).join('') : value
    setCapped(characters.length > KEYWORD_MAX)
    setText(cut)
    setOpen(true)
    setActive(-1)
    const wanted = cutKeyword(cut)
    clearTimeout(timer.current)
    timer.current = undefined
    if (!wanted) {
      // An empty box shows the lists again; any answer still on its way is for nothing.
      sequence.current += 1
      inFlight.current?.abort()
      setSuggestions({ status: 'idle', keyword: '', items: [] })
      loadLists()
      return
    }
    setSuggestions((current) => ({ ...current, status: 'loading' }))
    timer.current = setTimeout(() => {
      timer.current = undefined
      void fetchSuggestions(wanted)
    }, SUGGESTION_DEBOUNCE_MS)
  }

  const show = () => {
    setOpen(true)
    if (!keyword) loadLists()
    else if (suggestions.keyword !== keyword || (suggestions.status !== 'ready' && !timer.current)) void fetchSuggestions(keyword)
  }

  const close = () => {
    setOpen(false)
    setActive(-1)
  }

  /** Nothing still on its way (a debounce, a request) may reopen the box after it led away. */
  const settle = () => {
    clearTimeout(timer.current)
    timer.current = undefined
    sequence.current += 1
    inFlight.current?.abort()
  }

  const goToResults = (wanted: string) => {
    settle()
    close()
    options.onLeave?.()
    const href = resultsHref(targets, wanted)
    if (site.config.brokerSiteUrl) window.location.assign(href)
    else navigate(href)
  }

  const choose = (option: Option) => {
    if (option.kind === 'all') return goToResults(option.keyword)
    if (option.kind === 'hot') return goToResults(option.item.showName)
    const broker = option.item
    // Counting is best effort: the visitor's choice never waits for it.
    gateway.call(recordChoice, { code: broker.code }).catch(() => {})
    if (!broker.traderCode) return goToResults(broker.name)
    settle()
    close()
    window.open(profileHref(targets, broker.traderCode), '_blank', 'noopener')
  }

  /** Enter or the search button without a chosen option: the docs/product.md#search-box check, then results or suggestions. */
  const submit = async () => {
    if (!keyword) return show()
    clearTimeout(timer.current)
    timer.current = undefined
    const shown = open && suggestions.status === 'ready' && suggestions.keyword === keyword
    let adFlag = false
    try {
      adFlag = (await gateway.call(checkPinzhuan, { content: keyword, adPtn: options.placement })).adFlag
    } catch {
      // Without the check, the visitor still gets suggestions or results.
    }
    if (adFlag || shown) return goToResults(keyword)
    setOpen(true)
    const items = await fetchSuggestions(keyword)
    if (items && items.length === 0) goToResults(keyword)
  }

  const optionsShown: Option[] = !open
    ? []
    : keyword
      ? suggestions.keyword === keyword && suggestions.status !== 'error'
        ? [
            ...suggestions.items.map((item): Option => ({ kind: 'broker', item })),
            ...(suggestions.status === 'ready' ? [{ kind: 'all', keyword } as Option] : []),
          ]
        : []
      : [...lists.hot.map((item): Option => ({ kind: 'hot', item })), ...lists.recommended.map((item): Option => ({ kind: 'broker', item }))]

  return {
    text,
    keyword,
    open,
    active,
    setActive,
    capped,
    lists,
    suggestions,
    options: optionsShown,
    change,
    show,
    close,
    choose,
    submit,
    retry: () => (keyword ? void fetchSuggestions(keyword) : loadLists()),
    clear: () => change(''),
  }
}

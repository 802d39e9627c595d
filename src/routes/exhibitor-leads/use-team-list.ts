import { useRef, useState } from 'react'
import type { LeadListPayload, LeadListView, LeadQuestion } from '../../api/leads.ts'
import { leadList } from '../../api/leads.ts'
import { useGateway } from '../../app-state.ts'
import type { LeadRating } from '../../../shared/rules/leads.ts'

/** What the team's list is filtered by, as its controls hold it ('' is "all"). */
export interface LeadFilters {
  search: string
  rating: '' | LeadRating | 'none'
  tag: string
  scannedBy: string
  /** Per choice or yes / no question: an option's text, 'yes' or 'no'. */
  answers: Record<number, string>
}

export const NO_FILTERS: LeadFilters = { search: '', rating: '', tag: '', scannedBy: '', answers: {} }

/** The filters as `lead$list` takes them; a filter on a question removed meanwhile is left out. */
function payloadOf(exhibitorId: number, filters: LeadFilters, questions: readonly LeadQuestion[], after?: string): LeadListPayload {
  const answers = questions.flatMap((question) => {
    const value = filters.answers[question.id]
    if (!value || question.kind === 'text') return []
    return [{ questionId: question.id, value: question.kind === 'yesno' ? value === 'yes' : value }]
  })
  return {
    exhibitorId,
    search: filters.search.trim() || undefined,
    rating: filters.rating || undefined,
    tag: filters.tag || undefined,
    scannedBy: filters.scannedBy || undefined,
    answers: answers.length ? answers : undefined,
    after,
  }
}

/**
 * The team's list (docs/product.md#lead-team-view): the first page for the filters, more pages added
 * after it, the questions as the admins last saved them. The server filters; the page only asks.
 */
export function useTeamList(exhibitorId: number, initial: LeadListView) {
  const gateway = useGateway()
  const [list, setList] = useState(initial)
  const [filters, setFilters] = useState(NO_FILTERS)
  // The latest of both for calls made from older renders (a scan's reload, "Show more").
  const latest = useRef({ list, filters })
  latest.current = { list, filters }

  /** The first page again; the answer too, for a caller that looks for a lead in it. */
  const reload = async (next: LeadFilters = latest.current.filters): Promise<LeadListView> => {
    setFilters(next)
    latest.current.filters = next
    const page = await gateway.call(leadList, payloadOf(exhibitorId, next, latest.current.list.questions))
    latest.current.list = page
    setList(page)
    return page
  }

  const more = async () => {
    const { list: shown, filters: current } = latest.current
    if (!shown.next) return
    const page = await gateway.call(leadList, payloadOf(exhibitorId, current, shown.questions, shown.next))
    const known = new Set(shown.items.map((lead) => lead.id))
    const merged = { ...page, items: [...shown.items, ...page.items.filter((lead) => !known.has(lead.id))] }
    latest.current.list = merged
    setList(merged)
  }

  const setQuestions = (questions: LeadQuestion[]) => {
    const next = { ...latest.current.list, questions }
    latest.current.list = next
    setList(next)
  }

  return { list, filters, reload, more, setQuestions }
}

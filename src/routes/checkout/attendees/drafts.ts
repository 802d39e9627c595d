import { type AttendeeDraft, attendList } from '../../../../shared/rules/tickets.ts'
import type { OrderDetail } from '../../../api/tickets.ts'
import { answerDraftOf } from '../question-fields.tsx'

/** One form per ticket: the order's saved attendees, else the docs/product.md#site-state attendList placeholders. */
export function initialDrafts(order: OrderDetail, country: string): AttendeeDraft[] {
  const placeholders = attendList(country).slice(0, order.ticketCount)
  return placeholders.map((placeholder, index) => {
    const saved = order.attendees.find((attendee) => attendee.position === index + 1)
    if (saved) {
      return {
        firstName: saved.firstName,
        lastName: saved.lastName,
        company: saved.company,
        jobTitle: saved.jobTitle,
        email: saved.email,
        phone: { country: saved.phone.country, number: saved.phone.number },
        identity: saved.identity,
        industry: saved.industry,
        shares: saved.shares,
        answers: Object.fromEntries(Object.entries(saved.answers).map(([id, value]) => [id, answerDraftOf(value) ?? ''])),
      }
    }
    // The buyer is most often the first attendee.
    return index === 0 && order.attendees.length === 0 ? { ...placeholder, email: order.buyerEmail } : placeholder
  })
}

/**
 * What is typed is kept in this tab's session storage until saved, so a reload in the middle loses
 * nothing. Storage may be missing (private mode) or full: the form works without it.
 */
export function draftStore(orderNumber: string) {
  const key = `tickets:attendees:${orderNumber}`
  return {
    read(): Array<Partial<AttendeeDraft>> | null {
      try {
        const stored = sessionStorage.getItem(key)
        const parsed = stored ? (JSON.parse(stored) as unknown) : null
        return Array.isArray(parsed) ? parsed : null
      } catch {
        return null
      }
    },
    save(drafts: AttendeeDraft[]): void {
      try {
        sessionStorage.setItem(key, JSON.stringify(drafts))
      } catch {
        // Storage full or unavailable: the form still works.
      }
    },
    clear(): void {
      try {
        sessionStorage.removeItem(key)
      } catch {
        // Nothing stored.
      }
    },
  }
}

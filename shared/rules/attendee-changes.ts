/**
 * Until when an attendee may change what they gave for their ticket (their answers to the
 * organiser's questions, docs/product.md#ticket-questions): the one judge both the server and the
 * pages ask. For now until the exhibition starts; an exhibition's own cut-off replaces this.
 */
export function attendeeChangesOpen(exhibition: { startsAt: string | Date }, now: Date): boolean {
  return now.getTime() < new Date(exhibition.startsAt).getTime()
}

import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import type { TicketTypeCard } from '../../api/tickets.ts'
import { useSite } from '../../app-state.ts'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { eventSchema } from '../../components/json-ld/schemas.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'

/** Head tags and the Event of an exhibition page; its offers come from the ticket types when they loaded. */
export function DetailHead({ exhibition, ticketTypes }: { exhibition: ExhibitionDetail; ticketTypes: TicketTypeCard[] | null }) {
  const site = useSite()
  return (
    <>
      <PageMeta
        title={exhibition.title}
        description={exhibition.summary}
        {...(exhibition.cover ? { socialImage: { kind: 'exhibition', id: exhibition.id, source: exhibition } } : {})}
      />
      <JsonLd
        data={eventSchema(
          exhibition,
          { origin: site.config.publicOrigin, lang: site.lang, htmlLang: site.htmlLang, brandName: site.config.brandName },
          ticketTypes,
        )}
      />
    </>
  )
}

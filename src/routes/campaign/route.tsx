import { useTranslation } from 'react-i18next'
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { GatewayError } from '../../api/gateway-error.ts'
import { type CampaignPage, getCampaign } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { formatDateRange } from '../../components/event-dates/format.ts'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { eventSchema } from '../../components/json-ld/schemas.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { BenefitsSection } from './benefits-section.tsx'
import { CampaignActions } from './campaign-actions.tsx'
import { CampaignHero } from './campaign-hero.tsx'
import styles from './campaign.module.css'
import { SpeakersSection } from './speakers-section.tsx'
import { SponsorsSection } from './sponsors-section.tsx'
import { VenueSection } from './venue-section.tsx'

interface CampaignData {
  page: CampaignPage
  now: number
}

export async function loader(args: LoaderFunctionArgs): Promise<CampaignData> {
  const { gateway } = loaderContextOf(args)
  try {
    return { page: await gateway.call(getCampaign, { campaign: 'europeanPremium' }, { signal: args.request.signal }), now: Date.now() }
  } catch (error) {
    // No exhibition carries the campaign (yet or any more): the page does not exist.
    if (error instanceof GatewayError && error.errorCode === 404) throw data(null, { status: 404, statusText: 'Not Found' })
    throw error
  }
}

/** The campaign landing page of the premium European exhibition (`active/europeanPremium.html`). */
export function Component() {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const { page, now } = useLoaderData() as CampaignData
  const { exhibition, copy } = page
  const sponsors = exhibition.partners.filter((partner) => partner.role === 'sponsor')
  const dates = formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, site.htmlLang)

  return (
    <main id="main" className={styles.page}>
      <PageMeta
        title={`${copy.headline} – ${exhibition.title}`}
        description={copy.pitch}
        {...(exhibition.cover ? { socialImage: { kind: 'exhibition', id: exhibition.id, source: exhibition } } : {})}
      />
      <JsonLd
        data={eventSchema(exhibition, { origin: site.config.publicOrigin, lang: site.lang, htmlLang: site.htmlLang, brandName: site.config.brandName })}
      />

      <CampaignHero page={page} now={now} />

      <BenefitsSection page={page} />

      {exhibition.speakers.length ? <SpeakersSection exhibition={exhibition} /> : null}

      {sponsors.length ? <SponsorsSection sponsors={sponsors} /> : null}

      <VenueSection exhibition={exhibition} />

      <section className={styles.final} aria-labelledby="campaign-final">
        <div className="container">
          <h2 id="campaign-final" className={styles.finalTitle}>
            {t('campaign.finalTitle')}
          </h2>
          <p className={styles.finalText}>{t('campaign.finalText', { dates })}</p>
          <CampaignActions exhibition={exhibition} />
        </div>
      </section>
    </main>
  )
}

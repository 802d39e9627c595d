import { describe, expect, it } from 'vitest'
import type { ArticleCard, Video } from '../../api/editorial.ts'
import type { Advert, BrandPartner, ExhibitionCard } from '../../api/exhibitions.ts'
import { cardView } from '../../components/exhibition-card/exhibition-card.tsx'
import { advertSlide, newsTeaser, partnerLogo, videoTeaser } from './home-data.ts'

/** An item with the given fields plus ones the home never shows. */
const withExtras = <T>(shown: Record<string, unknown>) => ({ ...shown, summary: 'long text', slug: 'x', internal: 1 }) as unknown as T

describe('home hydration data', () => {
  it('when the home keeps items for its cards, then only the fields the cards show remain', () => {
    const card = { id: 1, title: 't', tagline: null, cover: '/c.svg', state: 'ended', type: 'salon', city: 'Rome', country: 'Italy' }
    const times = { startsAt: 'a', endsAt: 'b', timeZone: 'Europe/Rome', ticketsOnSale: false, recapFigures: {}, fellBackTo: null }
    expect(cardView(withExtras<ExhibitionCard>({ ...card, ...times }))).toEqual({ ...card, ...times })

    const partner = { name: 'n', logo: '/l.svg', url: null }
    expect(partnerLogo(withExtras<BrandPartner>({ ...partner, tier: 'headline' }))).toEqual(partner)

    const video = { id: 2, title: 'v', poster: null, durationSeconds: 6 }
    expect(videoTeaser(withExtras<Video>(video))).toEqual(video)

    const article = { id: 3, title: 'a', cover: null, publishedAt: 'p' }
    expect(newsTeaser(withExtras<ArticleCard>(article))).toEqual({ ...article, summary: 'long text' })

    const slide = { title: 'ad', text: 'x', cta: 'go', alt: '', image: null, href: '/h' }
    expect(advertSlide(withExtras<Advert>({ ...slide, id: 9 }))).toEqual({ ...slide, slug: 'x' })
  })
})

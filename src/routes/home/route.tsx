import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { articleList, listVideos } from '../../api/editorial.ts'
import { listAdverts, listExhibitions, listPartners } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { FOUNDED } from '../../components/company-figures/company-figures.ts'
import { cardView } from '../../components/exhibition-card/exhibition-card.tsx'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { organizationSchema } from '../../components/json-ld/schemas.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { ExhibitionList } from './exhibition-list.tsx'
import { FiguresSection } from './figures-section.tsx'
import { Hero } from './hero.tsx'
import { advertSlide, type HomeData, newsTeaser, partnerLogo, settle, videoTeaser } from './home-data.ts'
import { HomeSection, SectionBody } from './home-section.tsx'
import { NewsList } from './news-list.tsx'
import { PartnersSection } from './partners-section.tsx'
import { VideoList } from './video-list.tsx'

export async function loader(args: LoaderFunctionArgs): Promise<HomeData> {
  const { gateway } = loaderContextOf(args)
  const signal = args.request.signal
  const [adverts, upcoming, recaps, partners, news, videos] = await Promise.all([
    settle(gateway.call(listAdverts, { placement: 'home' }, { signal }).then((result) => result.items.map(advertSlide))),
    settle(gateway.call(listExhibitions, { when: 'upcoming', pageSize: 3 }, { signal }).then((result) => result.items.map(cardView))),
    settle(gateway.call(listExhibitions, { when: 'past', pageSize: 3 }, { signal }).then((result) => result.items.map(cardView))),
    settle(gateway.call(listPartners, { limit: 12 }, { signal }).then((result) => result.items.map(partnerLogo))),
    settle(gateway.call(articleList, { pageSize: 3 }, { signal }).then((result) => result.items.map(newsTeaser))),
    settle(gateway.call(listVideos, { pageSize: 4 }, { signal }).then((result) => result.items.map(videoTeaser))),
  ])
  return { adverts, upcoming, recaps, partners, news, videos }
}

export function Component() {
  const { t } = useTranslation('home')
  const site = useSite()
  const data = useLoaderData() as HomeData
  const brand = site.config.brandName
  const adverts = data.adverts.ok ? data.adverts.data : []

  return (
    <main id="main">
      <PageMeta title={t('meta.title', { brand })} description={t('meta.description', { brand })} />
      <JsonLd
        data={organizationSchema({
          origin: site.config.publicOrigin,
          lang: site.lang,
          htmlLang: site.htmlLang,
          brandName: brand,
          email: site.config.contactEmail,
          sameAs: site.config.socialLinks.map((link) => link.url),
          foundingYear: FOUNDED,
          description: t('meta.description', { brand }),
        })}
      />
      <Hero adverts={adverts} />

      <HomeSection id="home-next-title" title={t('next.title')} all={{ href: `/${site.lang}/brandExhibition.html`, label: t('next.all') }}>
        <SectionBody section={data.upcoming} empty={t('next.empty')}>
          {(items) => <ExhibitionList exhibitions={items} />}
        </SectionBody>
      </HomeSection>

      <FiguresSection />

      <HomeSection
        id="home-recaps-title"
        title={t('recaps.title')}
        tone="tinted"
        all={{ href: `/${site.lang}/brandExhibition.html?state=ended`, label: t('recaps.all') }}
      >
        <SectionBody section={data.recaps} empty={t('recaps.empty')}>
          {(items) => <ExhibitionList exhibitions={items} />}
        </SectionBody>
      </HomeSection>

      <HomeSection id="home-news-title" title={t('news.title')} all={{ href: `/${site.lang}/exhibition/news.html`, label: t('news.all') }}>
        <SectionBody section={data.news} empty={t('news.empty')}>
          {(items) => <NewsList articles={items} />}
        </SectionBody>
      </HomeSection>

      <HomeSection id="home-videos-title" title={t('videos.title')} tone="dark" all={{ href: `/${site.lang}/video.html`, label: t('videos.all') }}>
        <SectionBody section={data.videos} empty={t('videos.empty')}>
          {(items) => <VideoList videos={items} />}
        </SectionBody>
      </HomeSection>

      <PartnersSection partners={data.partners} />
    </main>
  )
}

import { Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator, useSearchParams } from 'react-router'
import { type ContentSave, type ExhibitionContent, exhibitionContent, saveExhibitionContent } from '../../../api/console-content.ts'
import { CONTENT_PARTS, type ContentPart } from '../../../../shared/rules/exhibition-content.ts'
import { useConsoleShell } from '../../console-state.ts'
import styles from '../../content-kit/content-kit.module.css'
import { useSave } from '../../content-kit/use-save.ts'
import { PAGES_PATH } from '../../lib/content-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import type { PartPayload, PartProps } from './part-props.ts'
import { lazySection } from '../../../lib/lazy-section.tsx'

export function loader(args: LoaderFunctionArgs) {
  return staffCall(args, exhibitionContent, { id: Number(args.params.id) })
}

// Each part's editor is its own chunk: the screen opens with one of seven, within the console's budget.
const PART_EDITORS: Record<ContentPart, React.ComponentType<PartProps>> = {
  speakers: lazySection('exhibition-content/speakers', () => import('./speakers.tsx').then((module) => module.Speakers)),
  agenda: lazySection('exhibition-content/agenda', () => import('./agenda.tsx').then((module) => module.Agenda)),
  partners: lazySection('exhibition-content/partners', () => import('./partners.tsx').then((module) => module.Partners)),
  photos: lazySection('exhibition-content/photos', () => import('./photos.tsx').then((module) => module.Photos)),
  videos: lazySection('exhibition-content/videos', () => import('./videos.tsx').then((module) => module.Videos)),
  recap: lazySection('exhibition-content/recap', () => import('./recap.tsx').then((module) => module.Recap)),
  map: lazySection('exhibition-content/map-part', () => import('./map-part.tsx').then((module) => module.MapPart)),
}
const TAB_ORDER: readonly ContentPart[] = ['speakers', 'agenda', 'partners', 'photos', 'videos', 'recap', 'map']

/**
 * An exhibition's pages as visitors read them (docs/product.md#console-pages): one part at a time in tabs, each saved with
 * the version it was read at, lists reordered with buttons, texts in the 12 languages.
 */
export function Component() {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const loaded = useLoaderData() as ExhibitionContent
  const [content, setContent] = useState(loaded)
  useEffect(() => setContent(loaded), [loaded])
  const revalidator = useRevalidator()
  const [search] = useSearchParams()
  const asked = search.get('part') as ContentPart | null
  const part: ContentPart = asked && CONTENT_PARTS.includes(asked) ? asked : 'speakers'
  const saver = useSave<ExhibitionContent>()
  // What the last save said belongs to its part: another tab starts clean.
  const { reset } = saver
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the part changes, not when reset is remade
  useEffect(() => reset(), [part])
  const Editor = PART_EDITORS[part]
  const save = (payload: PartPayload) =>
    void saver.run(
      () => client.call(saveExhibitionContent, { ...payload, id: content.exhibition.id, version: content.versions[payload.part] } as ContentSave),
      setContent,
      t('pages.saved'),
    )
  const { exhibition } = content
  return (
    <ConsolePage
      title={exhibition.title}
      lead={t('pages.detailLead', { first: exhibition.firstDay, last: exhibition.lastDay, zone: exhibition.timeZone })}
      actions={
        <>
          <span className={`${ui.badge} ${exhibition.published ? ui.badgeGood : ui.badgeOff}`}>
            {t(exhibition.published ? 'pages.published' : 'pages.notPublished')}
          </span>
          <Link className={ui.button} to={PAGES_PATH}>
            {t('pages.backToList')}
          </Link>
        </>
      }
    >
      <nav aria-label={t('pages.parts')}>
        <ul className={styles.tabs}>
          {TAB_ORDER.map((name) => (
            <li key={name}>
              <Link className={styles.tab} to={`?part=${name}`} aria-current={name === part ? 'page' : undefined} preventScrollReset>
                {t(`pages.part.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<p className={ui.muted}>{t('pages.loading')}</p>}>
        <Editor
          key={`${part}:${content.versions[part]}`}
          content={content}
          saver={saver}
          save={save}
          reload={() => {
            reset()
            void revalidator.revalidate()
          }}
        />
      </Suspense>
    </ConsolePage>
  )
}

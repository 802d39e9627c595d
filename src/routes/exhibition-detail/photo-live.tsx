import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { formatTime } from '../../components/event-dates/format.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { Lightbox } from '../../components/lightbox/lightbox.tsx'
import styles from './detail.module.css'

/** docs/product.md#other-screens photo live: a gallery of the event's photos; each opens in a keyboard-operable lightbox. */
export function PhotoLive({ exhibition, live }: { exhibition: ExhibitionDetail; live: boolean }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const [open, setOpen] = useState<number | null>(null)
  const items = exhibition.photos.map((photo) => ({ src: photo.src, width: photo.width, height: photo.height, alt: photo.caption, caption: photo.caption }))
  return (
    <section id="photos" className={styles.section} aria-labelledby="photos-title">
      <h2 id="photos-title" className={styles.sectionTitle}>
        {t('detail.photos.title')}
        {live ? <span className={styles.liveDot}>{t('detail.photos.live')}</span> : null}
      </h2>
      <p className={styles.sectionIntro}>{t('detail.photos.intro', { count: items.length })}</p>
      <ul className={styles.gallery}>
        {exhibition.photos.map((photo, index) => (
          <li key={photo.id} className={photo.height > photo.width ? styles.tall : undefined}>
            <button type="button" className={styles.thumb} onClick={() => setOpen(index)} aria-haspopup="dialog">
              <Picture src={photo.src} alt="" width={photo.width} height={photo.height} placeholder={PLACEHOLDER.article} className={styles.thumbImage} />
              <span className={styles.thumbCaption}>
                <span>{photo.caption || t('detail.photos.untitled', { number: index + 1 })}</span>
                {photo.takenAt ? <span className={styles.thumbTime}>{formatTime(photo.takenAt, exhibition.timeZone, site.htmlLang)}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Lightbox
        items={items}
        index={open}
        onIndexChange={setOpen}
        labels={{
          dialog: t('detail.photos.title'),
          close: t('detail.photos.close'),
          previous: t('detail.photos.previous'),
          next: t('detail.photos.next'),
          position: (number, total) => t('detail.photos.position', { number, total }),
        }}
      />
    </section>
  )
}

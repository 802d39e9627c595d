import { useTranslation } from 'react-i18next'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import { RECAP_FIGURES } from '../../../shared/rules/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import styles from './detail.module.css'
import { numberFormat } from '../../i18n/intl.ts'

/** After an exhibition: the figures, a word of thanks and the highlights. */
export function Recap({ exhibition }: { exhibition: ExhibitionDetail }) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const number = numberFormat(site.htmlLang)
  const figures = RECAP_FIGURES.filter((key) => exhibition.recapFigures[key] !== undefined)
  return (
    <section id="recap" className={styles.section} aria-labelledby="recap-title">
      <h2 id="recap-title" className={styles.sectionTitle}>
        {t('detail.recap.title')}
      </h2>
      {figures.length ? (
        <dl className={styles.recapFigures}>
          {figures.map((key) => (
            <div key={key} className={styles.recapFigure}>
              <dt>{t(`detail.recap.${key}`)}</dt>
              <dd>{number.format(exhibition.recapFigures[key] ?? 0)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {exhibition.recapSummary ? <p className={styles.lead}>{exhibition.recapSummary}</p> : null}
      {exhibition.highlights.length ? (
        <>
          <h3 className={styles.subTitle}>{t('detail.recap.highlights')}</h3>
          <ul className={styles.checks}>
            {exhibition.highlights.map((highlight) => (
              <li key={highlight} className={styles.checkItem}>
                {highlight}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

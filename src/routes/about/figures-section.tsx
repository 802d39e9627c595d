import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import { FIGURES, FOUNDED } from '../../components/company-figures/company-figures.ts'
import { numberFormat } from '../../i18n/intl.ts'
import styles from './about.module.css'

/** The brand's figures in numbers of the visitor's language. */
export function FiguresSection() {
  const { t } = useTranslation('about')
  const site = useSite()
  const brand = site.config.brandName
  const number = numberFormat(site.htmlLang)
  return (
    <section className={styles.figures} aria-labelledby="about-figures">
      <div className="container">
        <h2 id="about-figures" className={styles.figuresTitle}>
          {t('figures.title', { brand })}
        </h2>
        <dl className={styles.figureList}>
          {FIGURES.map((figure) => (
            <div key={figure.key} className={styles.figure}>
              <dt className={styles.figureLabel}>{t(`figures.${figure.key}`)}</dt>
              <dd className={styles.figureValue}>
                {'about' in figure ? t('figures.about', { value: number.format(figure.value) }) : `${number.format(figure.value)}${figure.suffix}`}
              </dd>
            </div>
          ))}
          <div className={styles.figure}>
            <dt className={styles.figureLabel}>{t('figures.founded')}</dt>
            <dd className={styles.figureValue}>{FOUNDED}</dd>
          </div>
        </dl>
      </div>
    </section>
  )
}

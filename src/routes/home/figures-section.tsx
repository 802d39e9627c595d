import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import { FIGURES, FOUNDED } from '../../components/company-figures/company-figures.ts'
import { numberFormat } from '../../i18n/intl.ts'
import styles from './home.module.css'

/** The brand's figures in numbers of the visitor's language. */
export function FiguresSection() {
  const { t } = useTranslation('home')
  const site = useSite()
  const number = numberFormat(site.htmlLang)
  return (
    <section className={styles.figures} aria-labelledby="home-figures-title">
      <div className="container">
        <h2 id="home-figures-title" className={styles.figuresTitle}>
          {t('figures.title', { brand: site.config.brandName, year: FOUNDED })}
        </h2>
        <dl className={styles.figureList}>
          {FIGURES.map((figure) => (
            <div key={figure.key} className={styles.figure}>
              <dt className={styles.figureLabel}>{t(`figures.${figure.key}`)}</dt>
              <dd className={styles.figureValue}>
                {'about' in figure ? <span className={styles.approx}>{t('figures.approx')}</span> : null}
                {number.format(figure.value)}
                {'suffix' in figure ? <span className={styles.plus}>{figure.suffix}</span> : null}
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

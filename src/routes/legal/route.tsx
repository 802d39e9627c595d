import type { ReactElement, ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { CHINA_PASS } from '../../../shared/contracts/cookies.ts'
import { useSite } from '../../app-state.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { isLegalBody, LAST_UPDATED, LEGAL_DOCUMENTS, LEGAL_SECTIONS, type LegalDocument, legalDocumentOf } from './documents.ts'
import styles from './legal.module.css'
import { dateFormat } from '../../i18n/intl.ts'

export function loader({ params }: LoaderFunctionArgs): { document: LegalDocument } {
  const document = legalDocumentOf(params.document)
  // Only the three documents the footer links to exist; anything else is the 404 page.
  if (!document) throw data(null, { status: 404 })
  return { document }
}

const CONTENTS_ID = 'legal-contents'

/** Terms of use, privacy policy and disclaimer: one readable layout with a table of contents. */
export function Component() {
  const { document } = useLoaderData<typeof loader>()
  const { t } = useTranslation('legal')
  const site = useSite()
  const sections = LEGAL_SECTIONS[document]
  const values = { brand: site.config.brandName, email: site.config.contactEmail, passMinutes: CHINA_PASS.cookieMinutes }
  // Tags the texts may use: links to our own pages and the contact address, code and emphasis.
  const components: Record<string, ReactElement> = {
    mail: <MailLink address={site.config.contactEmail} />,
    verify: <Link to={`/${site.lang}/verify.html`} />,
    terms: <Link to={`/${site.lang}/legal/terms.html`} />,
    privacy: <Link to={`/${site.lang}/legal/privacy.html`} />,
    disclaimer: <Link to={`/${site.lang}/legal/disclaimer.html`} />,
    code: <code className={styles.code} />,
    strong: <strong />,
  }
  const updatedIso = LAST_UPDATED[document]
  // UTC on both sides, so the server and the browser print the same day (no hydration mismatch).
  const updated = dateFormat(site.htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${updatedIso}T00:00:00Z`))

  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t(`${document}.title`)} description={t(`${document}.description`, values)} />
      <div className={styles.layout}>
        <header className={styles.head}>
          <p className={styles.kicker}>{t('page.documents')}</p>
          <h1 className={styles.title}>{t(`${document}.title`)}</h1>
          <p className={styles.updated}>
            <Trans t={t} i18nKey="page.updated" values={{ date: updated }} components={{ time: <time dateTime={updatedIso} /> }} />
          </p>
          <p className={styles.intro}>
            <Trans t={t} i18nKey={`${document}.intro`} values={values} components={components} />
          </p>
        </header>

        <nav className={styles.toc} aria-labelledby={CONTENTS_ID}>
          <h2 id={CONTENTS_ID} className={styles.tocTitle} tabIndex={-1}>
            {t('page.contents')}
          </h2>
          <ol className={styles.tocList}>
            {sections.map((id) => (
              <li key={id}>
                <a href={`#${id}`}>{t(`${document}.sections.${id}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>

        <article className={styles.article}>
          {sections.map((id) => (
            <LegalSection key={id} document={document} id={id} values={values} components={components} />
          ))}
          <p className={styles.toContents}>
            <a href={`#${CONTENTS_ID}`}>{t('page.backToContents')}</a>
          </p>
        </article>

        <nav className={styles.documents} aria-label={t('page.documents')}>
          <ul>
            {LEGAL_DOCUMENTS.map((other) => (
              <li key={other}>
                <Link to={`/${site.lang}/legal/${other}.html`} aria-current={other === document ? 'page' : undefined}>
                  {t(`common:footer.legal.${other}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  )
}

/** Trans puts the address text inside; the link itself names where it goes. */
function MailLink({ address, children }: { address: string; children?: ReactNode }) {
  return <a href={`mailto:${address}`}>{children}</a>
}

interface LegalSectionProps {
  document: LegalDocument
  id: string
  values: Record<string, string | number>
  components: Record<string, ReactElement>
}

/**
 * One numbered section. Its heading is the target of the table of contents and takes focus when
 * a contents link is followed (tabindex -1), so keyboard and screen reader users land on it.
 */
function LegalSection({ document, id, values, components }: LegalSectionProps) {
  const { t } = useTranslation('legal')
  const base = `${document}.sections.${id}`
  const body: unknown = t(`${base}.body`, { returnObjects: true })
  const blocks = isLegalBody(body) ? body : []
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle} tabIndex={-1}>
        {t(`${base}.title`)}
      </h2>
      {blocks.map((block, index) =>
        typeof block === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are a fixed text; their order never changes
          <p key={index}>
            <Trans t={t} i18nKey={`${base}.body.${index}`} values={values} components={components} />
          </p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ul key={index} className={styles.list}>
            {block.map((_, item) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <li key={item}>
                <Trans t={t} i18nKey={`${base}.body.${index}.${item}`} values={values} components={components} />
              </li>
            ))}
          </ul>
        ),
      )}
    </section>
  )
}

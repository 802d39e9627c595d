import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { AccountMenu } from '../components/account-menu/account-menu.tsx'
import { ChinaNoticeGate } from '../components/china-notice/china-notice.tsx'
import { DemoBanner } from '../components/demo-banner/demo-banner.tsx'
import { Footer } from '../components/footer/footer.tsx'
import { Header } from '../components/header/header.tsx'
import { openMobileSearch, SearchBox } from '../components/search-box/search-box.tsx'
import styles from './layouts.module.css'

/** docs/product.md#layouts default layout: header, page, footer, China notice. */
export function DefaultLayout() {
  const { t } = useTranslation()
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        {t('nav.skipToContent')}
      </a>
      <ChinaNoticeGate>
        <DemoBanner />
        <Header
          // search box
          searchSlot={<SearchBox />}
          onMobileSearch={openMobileSearch}
          // account area
          accountSlot={<AccountMenu />}
        />
        <div className={styles.page}>
          <Outlet />
        </div>
        <Footer />
      </ChinaNoticeGate>
    </div>
  )
}

import { Outlet } from 'react-router'
import { ChinaNoticeGate } from '../components/china-notice/china-notice.tsx'
import { DemoBanner } from '../components/demo-banner/demo-banner.tsx'
import { Footer } from '../components/footer/footer.tsx'
import styles from './layouts.module.css'

/** docs/product.md#layouts news layout: page, footer, China notice (no header: used for pop-ups and embeds). */
export function NewsLayout() {
  return (
    <div className={styles.shell}>
      <ChinaNoticeGate>
        <DemoBanner />
        <div className={styles.page}>
          <Outlet />
        </div>
        <Footer />
      </ChinaNoticeGate>
    </div>
  )
}

import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SocialIcon } from '../footer/social-icon.tsx'
import { useToast } from '../toast/toast.tsx'
import styles from './share-buttons.module.css'

/** Share addresses of the networks our visitors use; plain links, so no third-party script loads. */
const NETWORKS: Array<{ key: string; name: string; address: (url: string, title: string) => URL }> = [
  { key: 'x', name: 'X', address: (url, title) => withParams('https://x.com/intent/post', { url, text: title }) },
  { key: 'facebook', name: 'Facebook', address: (url) => withParams('https://www.facebook.com/sharer/sharer.php', { u: url }) },
  { key: 'linkedin', name: 'LinkedIn', address: (url) => withParams('https://www.linkedin.com/sharing/share-offsite/', { url }) },
  { key: 'whatsapp', name: 'WhatsApp', address: (url, title) => withParams('https://wa.me/', { text: `${title} ${url}` }) },
  { key: 'line', name: 'LINE', address: (url) => withParams('https://social-plugins.line.me/lineit/share', { url }) },
]

function withParams(base: string, params: Record<string, string>): URL {
  const address = new URL(base)
  for (const [name, value] of Object.entries(params)) address.searchParams.set(name, value)
  return address
}

/**
 * Share a page: the device's own share sheet where the browser has one (Web Share API), else links
 * to the networks; "copy link" everywhere. Server HTML has the links, so they work without scripts.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const copyButton = useRef<HTMLButtonElement>(null)
  const [native, setNative] = useState(false)
  useEffect(() => setNative(typeof navigator.share === 'function'), [])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.show(t('share.copied'), { tone: 'success', anchor: copyButton.current })
    } catch {
      toast.show(t('share.copyFailed'), { tone: 'error', anchor: copyButton.current })
    }
  }

  return (
    <ul className={styles.share} aria-label={t('share.label')}>
      {native ? (
        <li>
          <button type="button" className={styles.native} onClick={() => navigator.share({ title, url }).catch(() => undefined)}>
            <SocialIcon name="share" />
            {t('share.label')}
          </button>
        </li>
      ) : (
        NETWORKS.map((network) => (
          <li key={network.key}>
            <a
              className={styles.icon}
              href={network.address(url, title).href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('share.on', { network: network.name })}
            >
              <SocialIcon name={network.key} />
            </a>
          </li>
        ))
      )}
      <li>
        <button ref={copyButton} type="button" className={styles.icon} onClick={() => void copy()} aria-label={t('share.copy')}>
          <SocialIcon name="link" />
        </button>
      </li>
    </ul>
  )
}

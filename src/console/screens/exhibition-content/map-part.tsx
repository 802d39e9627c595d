import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from '../../content-kit/content-kit.module.css'
import { ImageField } from '../../content-kit/image-field.tsx'
import { PartForm } from '../../content-kit/part-form.tsx'
import { TextField } from '../../ui/text-field.tsx'
import type { PartProps } from './part-props.ts'

/** The venue map of the exhibition page: the hall plan image, the pin and how close "open in maps" zooms. */
export function MapPart({ content, saver, save, reload }: PartProps) {
  const { t } = useTranslation()
  // Typed as text (a half-typed "25." must stay); the contract reads the numbers.
  const [map, setMap] = useState({
    lat: String(content.map.lat ?? ''),
    lng: String(content.map.lng ?? ''),
    mapZoom: String(content.map.mapZoom),
    mapImage: content.map.mapImage,
  })
  const errorOf = saver.errorOf
  return (
    <PartForm title={t('pages.part.map')} lead={t('pages.mapLead')} {...saver} onSave={() => save({ part: 'map', map: map as never })} onReload={reload}>
      <div className={styles.grid}>
        <TextField
          label={t('pages.latitude')}
          inputMode="decimal"
          value={map.lat}
          error={errorOf('map.lat')}
          onChange={(event) => setMap({ ...map, lat: event.target.value })}
        />
        <TextField
          label={t('pages.longitude')}
          inputMode="decimal"
          value={map.lng}
          error={errorOf('map.lng')}
          onChange={(event) => setMap({ ...map, lng: event.target.value })}
        />
        <TextField
          label={t('pages.zoom')}
          type="number"
          min={3}
          max={19}
          value={map.mapZoom}
          error={errorOf('map.mapZoom')}
          onChange={(event) => setMap({ ...map, mapZoom: event.target.value })}
        />
        <ImageField label={t('pages.mapImage')} value={map.mapImage} error={errorOf('map.mapImage')} onChange={(mapImage) => setMap({ ...map, mapImage })} />
      </div>
    </PartForm>
  )
}

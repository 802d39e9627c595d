import type { Queryable } from '../../db/client.ts'
import { REGULATORS } from './regulators.ts'

/**
 * Labels and regulators: reference data the directory needs before any broker. Label texts exist in
 * every locale (they are shown as the dropdown's coloured label); regulator names per language are
 * in regulators.ts.
 */
export const LABELS: Array<{ key: string; color: string; texts: Record<string, string> }> = [
  {
    key: 'regulated',
    color: '#15803d',
    texts: {
      en: 'Regulated',
      es: 'Regulado',
      fil: 'Regulado',
      id: 'Teregulasi',
      ja: '規制あり',
      pt: 'Regulamentado',
      ru: 'Регулируется',
      th: 'มีการกำกับดูแล',
      vi: 'Được cấp phép',
      'zh-cn': '受监管',
      'zh-hk': '受監管',
      'zh-tw': '受監管',
    },
  },
  {
    key: 'offshore',
    color: '#1d4ed8',
    texts: {
      en: 'Offshore regulated',
      es: 'Regulación offshore',
      fil: 'Offshore na regulasyon',
      id: 'Regulasi offshore',
      ja: 'オフショア規制',
      pt: 'Regulação offshore',
      ru: 'Офшорное регулирование',
      th: 'กำกับดูแลนอกประเทศ',
      vi: 'Giấy phép hải ngoại',
      'zh-cn': '离岸监管',
      'zh-hk': '離岸監管',
      'zh-tw': '離岸監管',
    },
  },
  {
    key: 'unregulated',
    color: '#b45309',
    texts: {
      en: 'No licence',
      es: 'Sin licencia',
      fil: 'Walang lisensya',
      id: 'Tanpa lisensi',
      ja: 'ライセンスなし',
      pt: 'Sem licença',
      ru: 'Без лицензии',
      th: 'ไม่มีใบอนุญาต',
      vi: 'Không có giấy phép',
      'zh-cn': '无牌照',
      'zh-hk': '無牌照',
      'zh-tw': '無牌照',
    },
  },
  {
    key: 'clone',
    color: '#b91c1c',
    texts: {
      en: 'Suspicious clone',
      es: 'Posible clon',
      fil: 'Pinaghihinalaang clone',
      id: 'Diduga kloning',
      ja: 'クローンの疑い',
      pt: 'Suspeita de clone',
      ru: 'Подозрение на клон',
      th: 'ต้องสงสัยว่าแอบอ้าง',
      vi: 'Nghi giả mạo',
      'zh-cn': '疑似套牌',
      'zh-hk': '疑似套牌',
      'zh-tw': '疑似套牌',
    },
  },
  {
    key: 'revoked',
    color: '#b91c1c',
    texts: {
      en: 'Licence revoked',
      es: 'Licencia revocada',
      fil: 'Binawing lisensya',
      id: 'Lisensi dicabut',
      ja: '免許取消',
      pt: 'Licença revogada',
      ru: 'Лицензия отозвана',
      th: 'ถูกเพิกถอนใบอนุญาต',
      vi: 'Bị thu hồi giấy phép',
      'zh-cn': '牌照已吊销',
      'zh-hk': '牌照已吊銷',
      'zh-tw': '牌照已吊銷',
    },
  },
  {
    key: 'unverified',
    color: '#4b5563',
    texts: {
      en: 'Unverified',
      es: 'Sin verificar',
      fil: 'Hindi pa beripikado',
      id: 'Belum diverifikasi',
      ja: '未確認',
      pt: 'Não verificado',
      ru: 'Не проверено',
      th: 'ยังไม่ได้ตรวจสอบ',
      vi: 'Chưa xác minh',
      'zh-cn': '未核实',
      'zh-hk': '未核實',
      'zh-tw': '未核實',
    },
  },
]

/** Writes labels and regulators (idempotent). */
export async function writeReferenceData(tx: Queryable): Promise<void> {
  for (const [position, label] of LABELS.entries()) {
    await tx.query(
      `insert into search_labels (key, color, texts, position) values ($1, $2, $3, $4)
       on conflict (key) do update set color = excluded.color, texts = excluded.texts, position = excluded.position`,
      [label.key, label.color, JSON.stringify(label.texts), position],
    )
  }
  for (const regulator of REGULATORS) {
    await tx.query(
      `insert into search_regulators (code, country, names, website) values ($1, $2, $3, $4)
       on conflict (code) do update set country = excluded.country, names = excluded.names, website = excluded.website`,
      [regulator.code, regulator.country, JSON.stringify(regulator.names), regulator.website],
    )
  }
}

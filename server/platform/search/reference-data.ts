import type { Queryable } from '../../db/client.ts'

/**
 * Labels and regulators: reference data the directory needs before any broker. Label texts exist in
 * every locale (they are shown as the dropdown's coloured label); regulator names in English and
 * Chinese, which other languages read in English as their official names.
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

type Names = { en: string; 'zh-cn': string; 'zh-tw': string }

export const REGULATORS: Array<{ code: string; country: string; website: string; names: Names }> = [
  {
    code: 'FCA',
    country: 'GB',
    website: 'https://www.fca.org.uk',
    names: { en: 'Financial Conduct Authority', 'zh-cn': '英国金融行为监管局', 'zh-tw': '英國金融行為監管局' },
  },
  {
    code: 'ASIC',
    country: 'AU',
    website: 'https://asic.gov.au',
    names: { en: 'Australian Securities and Investments Commission', 'zh-cn': '澳大利亚证券投资委员会', 'zh-tw': '澳洲證券投資委員會' },
  },
  {
    code: 'CYSEC',
    country: 'CY',
    website: 'https://www.cysec.gov.cy',
    names: { en: 'Cyprus Securities and Exchange Commission', 'zh-cn': '塞浦路斯证券交易委员会', 'zh-tw': '塞浦路斯證券交易委員會' },
  },
  {
    code: 'SFC',
    country: 'HK',
    website: 'https://www.sfc.hk',
    names: { en: 'Securities and Futures Commission of Hong Kong', 'zh-cn': '香港证券及期货事务监察委员会', 'zh-tw': '香港證券及期貨事務監察委員會' },
  },
  {
    code: 'MAS',
    country: 'SG',
    website: 'https://www.mas.gov.sg',
    names: { en: 'Monetary Authority of Singapore', 'zh-cn': '新加坡金融管理局', 'zh-tw': '新加坡金融管理局' },
  },
  {
    code: 'FSA',
    country: 'JP',
    website: 'https://www.fsa.go.jp',
    names: { en: 'Financial Services Agency (Japan)', 'zh-cn': '日本金融厅', 'zh-tw': '日本金融廳' },
  },
  {
    code: 'NFA',
    country: 'US',
    website: 'https://www.nfa.futures.org',
    names: { en: 'National Futures Association', 'zh-cn': '美国全国期货协会', 'zh-tw': '美國全國期貨協會' },
  },
  {
    code: 'DFSA',
    country: 'AE',
    website: 'https://www.dfsa.ae',
    names: { en: 'Dubai Financial Services Authority', 'zh-cn': '迪拜金融服务管理局', 'zh-tw': '杜拜金融服務管理局' },
  },
  {
    code: 'FSCA',
    country: 'ZA',
    website: 'https://www.fsca.co.za',
    names: { en: 'Financial Sector Conduct Authority', 'zh-cn': '南非金融行为监管局', 'zh-tw': '南非金融行為監管局' },
  },
  {
    code: 'FMA',
    country: 'NZ',
    website: 'https://www.fma.govt.nz',
    names: { en: 'Financial Markets Authority', 'zh-cn': '新西兰金融市场管理局', 'zh-tw': '紐西蘭金融市場管理局' },
  },
  {
    code: 'FINMA',
    country: 'CH',
    website: 'https://www.finma.ch',
    names: { en: 'Swiss Financial Market Supervisory Authority', 'zh-cn': '瑞士金融市场监督管理局', 'zh-tw': '瑞士金融市場監督管理局' },
  },
  {
    code: 'BAFIN',
    country: 'DE',
    website: 'https://www.bafin.de',
    names: { en: 'Federal Financial Supervisory Authority (BaFin)', 'zh-cn': '德国联邦金融监管局', 'zh-tw': '德國聯邦金融監管局' },
  },
  {
    code: 'VFSC',
    country: 'VU',
    website: 'https://www.vfsc.vu',
    names: { en: 'Vanuatu Financial Services Commission', 'zh-cn': '瓦努阿图金融服务委员会', 'zh-tw': '萬那杜金融服務委員會' },
  },
  {
    code: 'FSA-SC',
    country: 'SC',
    website: 'https://www.fsaseychelles.sc',
    names: { en: 'Financial Services Authority Seychelles', 'zh-cn': '塞舌尔金融服务管理局', 'zh-tw': '塞席爾金融服務管理局' },
  },
  {
    code: 'FSC-MU',
    country: 'MU',
    website: 'https://www.fscmauritius.org',
    names: { en: 'Financial Services Commission Mauritius', 'zh-cn': '毛里求斯金融服务委员会', 'zh-tw': '模里西斯金融服務委員會' },
  },
  {
    code: 'FSC-BZ',
    country: 'BZ',
    website: 'https://www.fscbelize.bz',
    names: { en: 'Financial Services Commission Belize', 'zh-cn': '伯利兹金融服务委员会', 'zh-tw': '貝里斯金融服務委員會' },
  },
  {
    code: 'LFSA',
    country: 'MY',
    website: 'https://www.labuanfsa.gov.my',
    names: { en: 'Labuan Financial Services Authority', 'zh-cn': '纳闽金融服务管理局', 'zh-tw': '納閩金融服務管理局' },
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
    const names = { ...regulator.names, 'zh-hk': regulator.names['zh-tw'] }
    await tx.query(
      `insert into search_regulators (code, country, names, website) values ($1, $2, $3, $4)
       on conflict (code) do update set country = excluded.country, names = excluded.names, website = excluded.website`,
      [regulator.code, regulator.country, JSON.stringify(names), regulator.website],
    )
  }
}

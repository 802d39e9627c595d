import { LOCALES, type Locale } from '../../../shared/languages.ts'
import { type ExhibitorKind, slugOf } from '../../../shared/rules/exhibitors.ts'
import type { Queryable } from '../../db/client.ts'
import * as repo from './exhibitors.repo.ts'

/**
 * The demo's exhibitors: invented companies (no real firm's name), their websites under `.example`
 * (a domain reserved for examples: it never resolves) and their licence numbers starting `DEMO-`, so
 * that none can be taken for a real broker or for an official channel. Each stands at one or more of
 * the demo's coming exhibitions (by slug); the pages mark them as demo (the company's `demo` mark).
 */

export interface DemoExhibitor {
  kind: ExhibitorKind
  country: string
  website: string
  licences: Array<{ regulator: string; number: string }>
  /** The demo exhibitions it stands at. */
  at: Array<'bangkok-2027' | 'manila-2027' | 'london-2027'>
  texts: Partial<Record<Locale, { name: string; summary: string; description: string }>> & {
    en: { name: string; summary: string; description: string }
  }
}

export const DEMO_EXHIBITORS: DemoExhibitor[] = [
  {
    kind: 'broker',
    country: 'GB',
    website: 'https://harbourline-markets.example',
    licences: [
      { regulator: 'FCA', number: 'DEMO-FCA-700412' },
      { regulator: 'CySEC', number: 'DEMO-CY-318/19' },
    ],
    at: ['london-2027', 'bangkok-2027'],
    texts: {
      en: {
        name: 'Harbourline Markets',
        summary: 'Multi-asset broker for active traders: forex, indices and commodities on one account.',
        description:
          'Harbourline Markets offers forex, index and commodity trading to retail and professional clients, with client money held in segregated accounts.\n\nAt the booth our team shows the new risk dashboard and answers questions about account types, margin rules and how we handle complaints.',
      },
      'zh-cn': {
        name: '港线市场',
        summary: '面向活跃交易者的多资产经纪商：一个账户交易外汇、指数和大宗商品。',
        description:
          '港线市场为零售和专业客户提供外汇、指数和大宗商品交易，客户资金存放于独立账户。\n\n在展位上，我们的团队将演示新的风险仪表盘，并解答关于账户类型、保证金规则和投诉处理的问题。',
      },
      ja: {
        name: 'ハーバーライン・マーケッツ',
        summary: 'アクティブトレーダー向けのマルチアセット・ブローカー。FX、株価指数、商品を一つの口座で。',
        description:
          'ハーバーライン・マーケッツは個人・プロの顧客にFX、株価指数、商品の取引を提供し、顧客資産は分別管理しています。\n\nブースでは新しいリスク・ダッシュボードをご紹介し、口座タイプや証拠金ルールについてのご質問にお答えします。',
      },
      es: {
        name: 'Harbourline Markets',
        summary: 'Bróker multiactivo para traders activos: divisas, índices y materias primas en una sola cuenta.',
        description:
          'Harbourline Markets ofrece operativa en divisas, índices y materias primas a clientes minoristas y profesionales, con el dinero de los clientes en cuentas segregadas.\n\nEn el stand, nuestro equipo presenta el nuevo panel de riesgo y responde a preguntas sobre tipos de cuenta y reglas de margen.',
      },
    },
  },
  {
    kind: 'broker',
    country: 'CY',
    website: 'https://tidemere-prime.example',
    licences: [{ regulator: 'CySEC', number: 'DEMO-CY-402/21' }],
    at: ['london-2027'],
    texts: {
      en: {
        name: 'Tidemere Prime',
        summary: 'Prime-of-prime liquidity and execution for regional brokers.',
        description:
          'Tidemere Prime connects smaller brokers to deep liquidity with transparent pricing, post-trade reports and a bridge to the common trading platforms.',
      },
      es: {
        name: 'Tidemere Prime',
        summary: 'Liquidez y ejecución prime-of-prime para brókers regionales.',
        description:
          'Tidemere Prime conecta a brókers pequeños con liquidez profunda, precios transparentes, informes posteriores a la operación y un puente a las plataformas habituales.',
      },
      ru: {
        name: 'Тайдмир Прайм',
        summary: 'Ликвидность и исполнение уровня prime-of-prime для региональных брокеров.',
        description:
          'Тайдмир Прайм подключает небольших брокеров к глубокой ликвидности с прозрачными ценами, отчётами после сделок и мостом к распространённым торговым платформам.',
      },
    },
  },
  {
    kind: 'broker',
    country: 'AU',
    website: 'https://lumenvale.example',
    licences: [{ regulator: 'ASIC', number: 'DEMO-AFSL-551020' }],
    at: ['bangkok-2027', 'manila-2027'],
    texts: {
      en: {
        name: 'Lumenvale Securities',
        summary: 'Australian-regulated CFD and share trading with education in six languages.',
        description:
          'Lumenvale Securities serves clients across Asia-Pacific with CFDs and shares, clear fees and a free course for beginners.\n\nMeet our education team at the booth for short sessions on position sizing and reading an economic calendar.',
      },
      'zh-cn': {
        name: '流明谷证券',
        summary: '受澳大利亚监管的差价合约和股票交易，提供六种语言的投资者教育。',
        description:
          '流明谷证券为亚太地区客户提供差价合约和股票交易，费用清晰，并为新手提供免费课程。\n\n欢迎到展位参加我们教育团队的简短讲解：仓位管理与经济日历解读。',
      },
      vi: {
        name: 'Lumenvale Securities',
        summary: 'Giao dịch CFD và cổ phiếu được quản lý tại Úc, kèm chương trình đào tạo bằng sáu ngôn ngữ.',
        description:
          'Lumenvale Securities phục vụ khách hàng khắp châu Á – Thái Bình Dương với CFD và cổ phiếu, phí minh bạch và khóa học miễn phí cho người mới.',
      },
    },
  },
  {
    kind: 'broker',
    country: 'SG',
    website: 'https://qorvane.example',
    licences: [{ regulator: 'MAS', number: 'DEMO-CMS-100847' }],
    at: ['bangkok-2027', 'london-2027'],
    texts: {
      en: {
        name: 'Qorvane Capital',
        summary: 'Institutional-grade execution for professional traders and family offices.',
        description: 'Qorvane Capital provides direct market access, block trading and tailored reporting for professional clients in Asia and Europe.',
      },
      'zh-cn': {
        name: '科尔万资本',
        summary: '为专业交易者和家族办公室提供机构级交易执行。',
        description: '科尔万资本为亚洲和欧洲的专业客户提供直接市场接入、大宗交易和定制报告。',
      },
      'zh-tw': {
        name: '科爾萬資本',
        summary: '為專業交易者和家族辦公室提供機構級交易執行。',
        description: '科爾萬資本為亞洲和歐洲的專業客戶提供直接市場接入、大宗交易和客製化報告。',
      },
      ja: {
        name: 'コルヴェイン・キャピタル',
        summary: 'プロのトレーダーとファミリーオフィス向けの機関投資家水準の執行。',
        description: 'コルヴェイン・キャピタルは、アジアと欧州のプロ顧客にダイレクト・マーケット・アクセス、ブロック取引、個別のレポートを提供します。',
      },
    },
  },
  {
    kind: 'company',
    country: 'ES',
    website: 'https://brisvela-pay.example',
    licences: [],
    at: ['london-2027'],
    texts: {
      en: {
        name: 'Brisvela Pay',
        summary: 'Deposits and withdrawals for brokers: cards, bank transfers and local methods.',
        description:
          'Brisvela Pay gives brokers one connection to card payments, instant bank transfers and local payment methods in Europe and Latin America, with fraud screening built in.',
      },
      es: {
        name: 'Brisvela Pay',
        summary: 'Depósitos y retiradas para brókers: tarjetas, transferencias y métodos locales.',
        description:
          'Brisvela Pay ofrece a los brókers una sola conexión para pagos con tarjeta, transferencias inmediatas y métodos de pago locales en Europa y Latinoamérica, con control de fraude incluido.',
      },
      pt: {
        name: 'Brisvela Pay',
        summary: 'Depósitos e saques para corretoras: cartões, transferências e métodos locais.',
        description:
          'A Brisvela Pay oferece às corretoras uma única integração para cartões, transferências instantâneas e métodos de pagamento locais na Europa e na América Latina, com análise antifraude incluída.',
      },
    },
  },
  {
    kind: 'platform',
    country: 'GB',
    website: 'https://kitepoint.example',
    licences: [],
    at: ['london-2027', 'bangkok-2027'],
    texts: {
      en: {
        name: 'Kitepoint Analytics',
        summary: 'Charting and market-sentiment tools that brokers can offer under their own brand.',
        description:
          'Kitepoint Analytics builds web and mobile charting with sentiment indicators, alerts and a news feed.\n\nBrokers add it to their client area in days; traders keep their layouts across devices.',
      },
      'zh-cn': {
        name: '风筝点分析',
        summary: '经纪商可贴牌提供的图表与市场情绪工具。',
        description: '风筝点分析提供网页和移动端图表，包含情绪指标、提醒和新闻推送。\n\n经纪商几天内即可将其接入客户后台；交易者在各设备间保留自己的布局。',
      },
      ja: {
        name: 'カイトポイント・アナリティクス',
        summary: 'ブローカーが自社ブランドで提供できるチャートと市場センチメントのツール。',
        description: 'カイトポイント・アナリティクスは、センチメント指標、アラート、ニュースフィードを備えたウェブとモバイルのチャートを提供します。',
      },
    },
  },
  {
    kind: 'broker',
    country: 'HK',
    website: 'https://lantai-fh.example',
    licences: [{ regulator: 'SFC', number: 'DEMO-BQX204' }],
    at: ['bangkok-2027', 'manila-2027'],
    texts: {
      en: {
        name: 'Lantai Financial Holdings',
        summary: 'Hong Kong securities and futures broker with a bilingual service desk.',
        description: 'Lantai Financial Holdings offers Hong Kong and US shares, futures and a research service in English and Chinese.',
      },
      'zh-cn': {
        name: '澜泰金控',
        summary: '香港证券及期货经纪商，提供中英双语客服。',
        description: '澜泰金控提供港股、美股和期货交易，并以中英文提供研究服务。',
      },
      'zh-hk': {
        name: '瀾泰金控',
        summary: '香港證券及期貨經紀商，設中英雙語客服。',
        description: '瀾泰金控提供港股、美股及期貨交易，並以中英文提供研究服務。',
      },
      'zh-tw': {
        name: '瀾泰金控',
        summary: '香港證券及期貨經紀商，提供中英雙語客服。',
        description: '瀾泰金控提供港股、美股和期貨交易，並以中英文提供研究服務。',
      },
    },
  },
  {
    kind: 'platform',
    country: 'JP',
    website: 'https://kawasemi-systems.example',
    licences: [],
    at: ['bangkok-2027', 'london-2027'],
    texts: {
      en: {
        name: 'Kawasemi Trading Systems',
        summary: 'Low-latency trading engine and risk management for brokers and exchanges.',
        description: 'Kawasemi Trading Systems supplies the matching engine, pre-trade risk checks and back-office tools behind several regional brokers.',
      },
      ja: {
        name: 'カワセミ・トレーディング・システムズ',
        summary: 'ブローカーと取引所向けの低遅延取引エンジンとリスク管理。',
        description: 'カワセミ・トレーディング・システムズは、マッチングエンジン、発注前リスクチェック、バックオフィスツールを提供しています。',
      },
      'zh-cn': {
        name: '翠鸟交易系统',
        summary: '面向经纪商和交易所的低延迟交易引擎与风险管理。',
        description: '翠鸟交易系统为多家区域经纪商提供撮合引擎、交易前风控检查和后台工具。',
      },
    },
  },
  {
    kind: 'company',
    country: 'AE',
    website: 'https://palmgrove-liquidity.example',
    licences: [],
    at: ['london-2027', 'bangkok-2027'],
    texts: {
      en: {
        name: 'Palmgrove Liquidity',
        summary: 'Aggregated liquidity in forex, metals and energy, streamed from Dubai.',
        description:
          'Palmgrove Liquidity aggregates prices from several banks and non-bank providers and streams them to brokers with flexible credit arrangements.',
      },
      ru: {
        name: 'Палмгроув Ликвидити',
        summary: 'Агрегированная ликвидность по валютам, металлам и энергоносителям из Дубая.',
        description:
          'Палмгроув Ликвидити агрегирует котировки нескольких банков и небанковских поставщиков и передаёт их брокерам на гибких кредитных условиях.',
      },
      'zh-cn': {
        name: '棕林流动性',
        summary: '来自迪拜的外汇、贵金属和能源聚合流动性。',
        description: '棕林流动性聚合多家银行和非银行机构的报价，并以灵活的授信安排提供给经纪商。',
      },
    },
  },
  {
    kind: 'broker',
    country: 'TH',
    website: 'https://siam-lantern.example',
    licences: [{ regulator: 'Thai SEC', number: 'DEMO-TH-0457' }],
    at: ['bangkok-2027'],
    texts: {
      en: {
        name: 'Siam Lantern Brokerage',
        summary: 'Thai brokerage for shares, funds and derivatives, with branches in four cities.',
        description: 'Siam Lantern Brokerage helps Thai investors trade local shares, mutual funds and derivatives, online or at a branch.',
      },
      th: {
        name: 'สยามแลนเทิร์น โบรกเกอเรจ',
        summary: 'โบรกเกอร์ไทยสำหรับหุ้น กองทุน และอนุพันธ์ มีสาขาในสี่เมือง',
        description: 'สยามแลนเทิร์น โบรกเกอเรจ ช่วยนักลงทุนไทยซื้อขายหุ้น กองทุนรวม และอนุพันธ์ ทั้งทางออนไลน์และที่สาขา',
      },
      'zh-cn': {
        name: '暹罗灯笼证券',
        summary: '泰国券商，提供股票、基金和衍生品交易，在四个城市设有分行。',
        description: '暹罗灯笼证券帮助泰国投资者在线或在分行交易本地股票、共同基金和衍生品。',
      },
    },
  },
  {
    kind: 'company',
    country: 'PH',
    website: 'https://mabuhay-ledger.example',
    licences: [],
    at: ['manila-2027'],
    texts: {
      en: {
        name: 'Mabuhay Ledger',
        summary: 'E-wallet top-ups and payouts for trading accounts in the Philippines.',
        description: 'Mabuhay Ledger lets clients fund trading accounts from e-wallets and local banks, and receive withdrawals the same day.',
      },
      fil: {
        name: 'Mabuhay Ledger',
        summary: 'Pag-top-up at payout ng e-wallet para sa mga trading account sa Pilipinas.',
        description:
          'Sa Mabuhay Ledger, mapopondohan ng mga kliyente ang kanilang trading account mula sa e-wallet at lokal na bangko, at matatanggap ang withdrawal sa parehong araw.',
      },
    },
  },
  {
    kind: 'platform',
    country: 'ID',
    website: 'https://nusantara-quant.example',
    licences: [],
    at: ['bangkok-2027', 'manila-2027'],
    texts: {
      en: {
        name: 'Nusantara Quant',
        summary: 'Strategy builder and back-testing for retail traders, no coding needed.',
        description: 'Nusantara Quant lets traders build rules from blocks, test them on years of data and follow the results before risking money.',
      },
      id: {
        name: 'Nusantara Quant',
        summary: 'Penyusun strategi dan uji balik untuk trader ritel, tanpa perlu coding.',
        description:
          'Nusantara Quant memungkinkan trader menyusun aturan dari blok, mengujinya pada data bertahun-tahun, dan memantau hasilnya sebelum mempertaruhkan uang.',
      },
    },
  },
  {
    kind: 'broker',
    country: 'VN',
    website: 'https://riverbank-securities.example',
    licences: [{ regulator: 'SSC', number: 'DEMO-VN-118' }],
    at: ['bangkok-2027'],
    texts: {
      en: {
        name: 'Saigon Riverbank Securities',
        summary: 'Vietnamese securities company with a mobile app for shares and bonds.',
        description:
          'Saigon Riverbank Securities offers Vietnamese shares, bonds and fund certificates through a mobile app with research in Vietnamese and English.',
      },
      vi: {
        name: 'Chứng khoán Bến Sông Sài Gòn',
        summary: 'Công ty chứng khoán Việt Nam với ứng dụng di động cho cổ phiếu và trái phiếu.',
        description:
          'Chứng khoán Bến Sông Sài Gòn cung cấp cổ phiếu, trái phiếu và chứng chỉ quỹ Việt Nam qua ứng dụng di động, kèm báo cáo phân tích bằng tiếng Việt và tiếng Anh.',
      },
    },
  },
  {
    kind: 'company',
    country: 'CH',
    website: 'https://cobaltline-risk.example',
    licences: [],
    at: ['london-2027'],
    texts: {
      en: {
        name: 'Cobaltline Risk',
        summary: 'Real-time exposure monitoring and hedging rules for dealing desks.',
        description:
          'Cobaltline Risk watches a broker’s net exposure across books and suggests hedges when limits are near, with an audit trail for the regulator.',
      },
      es: {
        name: 'Cobaltline Risk',
        summary: 'Supervisión de la exposición en tiempo real y reglas de cobertura para mesas de negociación.',
        description:
          'Cobaltline Risk vigila la exposición neta del bróker en todos sus libros y propone coberturas cuando se acercan los límites, con un registro para el regulador.',
      },
    },
  },
  {
    kind: 'platform',
    country: 'CY',
    website: 'https://fernhollow.example',
    licences: [],
    at: ['london-2027', 'manila-2027'],
    texts: {
      en: {
        name: 'Fernhollow Copy Trading',
        summary: 'Social and copy-trading module with strategy ratings and risk caps.',
        description:
          'Fernhollow Copy Trading lets clients follow strategy providers with caps on drawdown and position size, and lets brokers rate providers on their record.',
      },
      es: {
        name: 'Fernhollow Copy Trading',
        summary: 'Módulo de trading social y copy trading con valoraciones de estrategias y límites de riesgo.',
        description: 'Fernhollow Copy Trading permite a los clientes seguir a proveedores de estrategias con límites de pérdida y de tamaño de posición.',
      },
      ru: {
        name: 'Фернхоллоу Копи Трейдинг',
        summary: 'Модуль социальной торговли и копирования сделок с рейтингами стратегий и лимитами риска.',
        description: 'Фернхоллоу Копи Трейдинг позволяет клиентам следовать за авторами стратегий с ограничением просадки и размера позиции.',
      },
    },
  },
  {
    kind: 'company',
    country: 'MY',
    website: 'https://orkidra-payments.example',
    licences: [],
    at: ['bangkok-2027', 'manila-2027'],
    texts: {
      en: {
        name: 'Orkidra Payments',
        summary: 'Local bank transfers and QR payments across Southeast Asia.',
        description: 'Orkidra Payments connects brokers to bank transfers and QR payments in Malaysia, Thailand, Indonesia, Vietnam and the Philippines.',
      },
      'zh-cn': {
        name: '奥奇德支付',
        summary: '覆盖东南亚的本地银行转账和二维码支付。',
        description: '奥奇德支付为经纪商接入马来西亚、泰国、印度尼西亚、越南和菲律宾的银行转账与二维码支付。',
      },
      id: {
        name: 'Orkidra Payments',
        summary: 'Transfer bank lokal dan pembayaran QR di seluruh Asia Tenggara.',
        description: 'Orkidra Payments menghubungkan broker dengan transfer bank dan pembayaran QR di Malaysia, Thailand, Indonesia, Vietnam, dan Filipina.',
      },
    },
  },
  {
    kind: 'broker',
    country: 'ZA',
    website: 'https://zentrova.example',
    licences: [{ regulator: 'FSCA', number: 'DEMO-FSP-49210' }],
    at: ['london-2027'],
    texts: {
      en: {
        name: 'Zentrova Markets',
        summary: 'South African broker for forex and index CFDs with rand-denominated accounts.',
        description: 'Zentrova Markets offers forex and index CFDs with accounts in rand, local deposits and a support team in Johannesburg.',
      },
      pt: {
        name: 'Zentrova Markets',
        summary: 'Corretora sul-africana de CFDs de câmbio e índices, com contas em rand.',
        description: 'A Zentrova Markets oferece CFDs de câmbio e de índices com contas em rand, depósitos locais e uma equipe de suporte em Joanesburgo.',
      },
    },
  },
  {
    kind: 'company',
    country: 'BR',
    website: 'https://altavera-clearing.example',
    licences: [],
    at: ['london-2027'],
    texts: {
      en: {
        name: 'Altavera Clearing',
        summary: 'Settlement and reconciliation services for brokers in Latin America.',
        description: 'Altavera Clearing reconciles trades, payments and client balances every night and sends brokers a report their auditors can read.',
      },
      pt: {
        name: 'Altavera Clearing',
        summary: 'Serviços de liquidação e conciliação para corretoras na América Latina.',
        description:
          'A Altavera Clearing concilia operações, pagamentos e saldos de clientes todas as noites e envia às corretoras um relatório pronto para os auditores.',
      },
      es: {
        name: 'Altavera Clearing',
        summary: 'Servicios de liquidación y conciliación para brókers de Latinoamérica.',
        description: 'Altavera Clearing concilia operaciones, pagos y saldos de clientes cada noche y envía a los brókers un informe listo para sus auditores.',
      },
    },
  },
  {
    kind: 'company',
    country: 'GB',
    website: 'https://northmoor-academy.example',
    licences: [],
    at: ['london-2027', 'manila-2027'],
    texts: {
      en: {
        name: 'Northmoor Trading Academy',
        summary: 'Courses on risk, leverage and trading psychology for new traders.',
        description:
          'Northmoor Trading Academy runs short courses that explain leverage, margin calls and risk before anyone opens a live account.\n\nOur workshops at the exhibition are free; seats are given on a first-come basis.',
      },
      'zh-cn': {
        name: '北沼交易学院',
        summary: '为新手交易者讲授风险、杠杆和交易心理的课程。',
        description: '北沼交易学院开设短期课程，在开立真实账户之前讲清杠杆、追加保证金和风险。\n\n我们在展会上的讲座免费，先到先得。',
      },
    },
  },
  {
    kind: 'platform',
    country: 'CN',
    website: 'https://henglan-tech.example',
    licences: [],
    at: ['bangkok-2027'],
    texts: {
      en: {
        name: 'Henglan Technology',
        summary: 'CRM and client portal for brokers, with Chinese and English interfaces.',
        description: 'Henglan Technology builds the client portal, KYC flow and partner commission system that brokers run their business on.',
      },
      'zh-cn': {
        name: '衡澜科技',
        summary: '面向经纪商的客户管理系统和客户门户，支持中英文界面。',
        description: '衡澜科技为经纪商提供客户门户、开户审核流程和代理佣金系统。',
      },
      'zh-tw': {
        name: '衡瀾科技',
        summary: '面向經紀商的客戶管理系統和客戶入口，支援中英文介面。',
        description: '衡瀾科技為經紀商提供客戶入口、開戶審核流程和代理佣金系統。',
      },
    },
  },
  {
    kind: 'company',
    country: 'JP',
    website: 'https://kumoyama-data.example',
    licences: [],
    at: ['bangkok-2027'],
    texts: {
      en: {
        name: 'Kumoyama Data Feeds',
        summary: 'Tick data and economic-calendar feeds for Asian markets.',
        description: 'Kumoyama Data Feeds delivers cleaned tick history and a live economic calendar covering Japan, China and Southeast Asia.',
      },
      ja: {
        name: '雲山データフィード',
        summary: 'アジア市場のティックデータと経済指標カレンダーの配信。',
        description: '雲山データフィードは、日本、中国、東南アジアを対象に、整えたティック履歴とリアルタイムの経済指標カレンダーを配信します。',
      },
    },
  },
  {
    kind: 'company',
    country: 'SG',
    website: 'https://verdanth-custody.example',
    licences: [],
    at: ['manila-2027', 'london-2027'],
    texts: {
      en: {
        name: 'Verdanth Custody',
        summary: 'Safekeeping of client assets with daily proof of balances.',
        description: 'Verdanth Custody holds client assets for brokers and platforms in separate accounts and publishes a daily statement of balances.',
      },
      'zh-cn': {
        name: '维丹托管',
        summary: '客户资产保管，每日提供余额证明。',
        description: '维丹托管为经纪商和平台在独立账户中保管客户资产，并每日公布余额报表。',
      },
      ja: {
        name: 'ヴァーダンス・カストディ',
        summary: '顧客資産の保管と、残高の日次証明。',
        description: 'ヴァーダンス・カストディは、ブローカーとプラットフォームの顧客資産を分別口座で保管し、残高明細を毎日公開しています。',
      },
    },
  },
  {
    kind: 'broker',
    country: 'PH',
    website: 'https://bayvista-fx.example',
    licences: [{ regulator: 'SEC Philippines', number: 'DEMO-PH-20931' }],
    at: ['manila-2027'],
    texts: {
      en: {
        name: 'Bayvista Forex',
        summary: 'Philippine broker with peso accounts and small minimum deposits.',
        description: 'Bayvista Forex opens accounts in pesos from a small first deposit and runs weekly webinars in Filipino and English.',
      },
      fil: {
        name: 'Bayvista Forex',
        summary: 'Broker sa Pilipinas na may account sa piso at maliit na minimum na deposito.',
        description: 'Nagbubukas ang Bayvista Forex ng account sa piso mula sa maliit na unang deposito at may lingguhang webinar sa Filipino at Ingles.',
      },
      'zh-cn': {
        name: '湾景外汇',
        summary: '菲律宾经纪商，提供比索账户，最低入金低。',
        description: '湾景外汇以小额首笔入金开立比索账户，每周以菲律宾语和英语举办网络研讨会。',
      },
    },
  },
  {
    kind: 'platform',
    country: 'AU',
    website: 'https://bluereef-bridge.example',
    licences: [],
    at: ['manila-2027', 'bangkok-2027'],
    texts: {
      en: {
        name: 'Bluereef Bridge',
        summary: 'Connects trading platforms to liquidity providers, with routing rules.',
        description:
          'Bluereef Bridge routes orders between a broker’s trading platforms and its liquidity providers, with rules by client group and instrument.',
      },
      'zh-cn': {
        name: '蓝礁桥接',
        summary: '连接交易平台与流动性提供商，支持路由规则。',
        description: '蓝礁桥接在经纪商的交易平台和流动性提供商之间路由订单，可按客户组和品种设置规则。',
      },
    },
  },
  {
    kind: 'company',
    country: 'IN',
    website: 'https://marivelle-compliance.example',
    licences: [],
    at: ['manila-2027'],
    texts: {
      en: {
        name: 'Marivelle Compliance',
        summary: 'Identity checks and anti-money-laundering screening for onboarding.',
        description: 'Marivelle Compliance checks documents and faces, screens names against sanctions lists and keeps the evidence for audits.',
      },
    },
  },
  {
    kind: 'broker',
    country: 'MU',
    website: 'https://solvane-markets.example',
    licences: [{ regulator: 'FSC Mauritius', number: 'DEMO-GB2210' }],
    at: ['manila-2027'],
    texts: {
      en: {
        name: 'Solvane Markets',
        summary: 'Forex and metals broker with fixed-spread and raw-spread accounts.',
        description: 'Solvane Markets offers forex and metals with a choice of fixed spreads or raw spreads plus commission, and negative-balance protection.',
      },
      es: {
        name: 'Solvane Markets',
        summary: 'Bróker de divisas y metales con cuentas de spread fijo y de spread bruto.',
        description: 'Solvane Markets ofrece divisas y metales con spreads fijos o spreads brutos más comisión, y protección frente a saldo negativo.',
      },
      'zh-cn': {
        name: '索尔万市场',
        summary: '外汇与贵金属经纪商，提供固定点差和原始点差账户。',
        description: '索尔万市场提供外汇和贵金属交易，可选择固定点差或原始点差加佣金，并提供负余额保护。',
      },
    },
  },
  {
    kind: 'company',
    country: 'NL',
    website: 'https://aurevane-hosting.example',
    licences: [],
    at: ['london-2027'],
    texts: {
      en: {
        name: 'Aurevane Hosting',
        summary: 'Virtual servers next to the trading venues, for automated strategies.',
        description:
          'Aurevane Hosting runs virtual servers in data centres near the main trading venues, so automated strategies keep running with low latency.',
      },
      ru: {
        name: 'Ауревейн Хостинг',
        summary: 'Виртуальные серверы рядом с торговыми площадками для автоматических стратегий.',
        description:
          'Ауревейн Хостинг размещает виртуальные серверы в дата-центрах рядом с основными площадками, чтобы автоматические стратегии работали с малой задержкой.',
      },
    },
  },
  {
    kind: 'company',
    country: 'CY',
    website: 'https://lantrelle-partners.example',
    licences: [],
    at: ['manila-2027'],
    texts: {
      en: {
        name: 'Lantrelle Partners Network',
        summary: 'Tracking and payouts for introducing brokers and affiliates.',
        description: 'Lantrelle Partners Network tracks referrals across brands and pays partners on a schedule brokers set, with reports partners can check.',
      },
      es: {
        name: 'Lantrelle Partners Network',
        summary: 'Seguimiento y pagos para introducing brokers y afiliados.',
        description: 'Lantrelle Partners Network registra los referidos de varias marcas y paga a los socios según el calendario que fija el bróker.',
      },
      pt: {
        name: 'Lantrelle Partners Network',
        summary: 'Rastreamento e pagamentos para introducing brokers e afiliados.',
        description: 'A Lantrelle Partners Network rastreia indicações entre marcas e paga os parceiros no calendário definido pela corretora.',
      },
    },
  },
  {
    kind: 'company',
    country: 'US',
    website: 'https://kestrelmoor-desk.example',
    licences: [],
    at: ['london-2027'],
    texts: {
      en: {
        name: 'Kestrelmoor Funded Desk',
        summary: 'Evaluation programmes for traders who want to trade a funded account.',
        description: 'Kestrelmoor Funded Desk runs evaluations with clear rules on drawdown and targets; traders who pass trade an account funded by the desk.',
      },
      es: {
        name: 'Kestrelmoor Funded Desk',
        summary: 'Programas de evaluación para traders que quieren operar una cuenta financiada.',
        description:
          'Kestrelmoor Funded Desk organiza evaluaciones con reglas claras de pérdida máxima y objetivos; quien las supera opera una cuenta financiada por la mesa.',
      },
    },
  },
  {
    kind: 'platform',
    country: 'KR',
    website: 'https://hanamori-wallet.example',
    licences: [],
    at: ['bangkok-2027'],
    texts: {
      en: {
        name: 'Hanamori Wallet',
        summary: 'Multi-currency wallet app that links to trading accounts.',
        description:
          'Hanamori Wallet holds several currencies, converts between them at posted rates and moves money to linked trading accounts in a few taps.',
      },
      ja: {
        name: 'ハナモリ・ウォレット',
        summary: '取引口座と連携する多通貨ウォレットアプリ。',
        description: 'ハナモリ・ウォレットは複数の通貨を保有・両替でき、連携した取引口座へ数回のタップで資金を移せます。',
      },
      'zh-cn': {
        name: '花森钱包',
        summary: '可关联交易账户的多币种钱包应用。',
        description: '花森钱包可持有多种货币，按公布汇率兑换，并只需轻点几下即可将资金转入关联的交易账户。',
      },
    },
  },
]

/**
 * Writes the demo exhibitors in the seed's transaction (server/platform/seed.ts marks the rows as
 * demo). A demo exhibition that is not there (a content folder without it) is passed over.
 */
export async function seedDemoExhibitors(tx: Queryable): Promise<void> {
  const exhibitions = await repo.exhibitionIdsBySlug(tx, [...new Set(DEMO_EXHIBITORS.flatMap((exhibitor) => exhibitor.at))])
  for (const exhibitor of DEMO_EXHIBITORS) {
    const companyId = await repo.insertCompany(tx, slugOf(exhibitor.texts.en.name), {
      kind: exhibitor.kind,
      website: exhibitor.website,
      country: exhibitor.country,
    })
    const texts = LOCALES.flatMap((locale) => {
      const text = exhibitor.texts[locale]
      return text ? [{ locale, ...text }] : []
    })
    await repo.replaceTexts(tx, companyId, texts)
    await repo.replaceLicences(tx, companyId, exhibitor.licences)
    for (const slug of exhibitor.at) {
      const exhibitionId = exhibitions.get(slug)
      if (exhibitionId !== undefined) await repo.ensureExhibitor(tx, companyId, exhibitionId, null)
    }
  }
}

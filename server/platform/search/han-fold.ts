/**
 * Traditional -> Simplified Chinese for the characters broker names use most, so that 環球資本 finds
 * 环球资本 and the other way round. A character-by-character table is "cheap" folding: it ignores the
 * few one-to-many cases (乾/幹 -> 干) that a full converter (OpenCC) resolves with phrase tables, which
 * is harmless here because both the names and the query are folded the same way.
 * Pairs: each Traditional character followed by its Simplified form.
 */
const PAIRS =
  '國国際际資资產产財财貿贸匯汇滙汇證证經经紀纪銀银錢钱幣币貨货價价質质賬账帳帐當当運运達达進进還还這这過过邊边遠远連连選选' +
  '優优億亿萬万與与專专業业東东絲丝兩两嚴严個个豐丰臨临為为麗丽舉举義义樂乐習习鄉乡書书買买亂乱爭争於于虧亏雲云亞亚親亲僅仅' +
  '從从倉仓儀仪們们眾众會会偉伟傳传倫伦體体餘余側侧僑侨債债傾倾償偿儲储兒儿兌兑內内冊册淨净鳳凤憑凭凱凯擊击劃划劉刘則则剛刚' +
  '創创刪删別别劍剑劇剧勸劝辦办務务動动勵励勁劲勞劳勢势勝胜區区醫医華华協协單单賣卖衛卫廠厂廳厅歷历曆历壓压廈厦縣县參参雙双' +
  '發发變变葉叶號号聽听啟启吳吴員员響响喚唤團团園园圍围圖图圓圆聖圣場场壞坏塊块堅坚壇坛壩坝墾垦壯壮聲声殼壳壺壶處处備备復复' +
  '夠够頭头誇夸奪夺奮奋獎奖奧奥婦妇媽妈嬰婴孫孙學学寧宁寶宝實实審审憲宪寬宽賓宾對对尋寻導导壽寿將将爾尔塵尘盡尽層层屬属歲岁' +
  '崗岗島岛嶺岭峽峡師师帶带幫帮幹干廣广莊庄慶庆廬庐庫库應应廟庙廢废開开異异棄弃張张彌弥彎弯彈弹強强歸归錄录徹彻徑径憶忆憂忧' +
  '懷怀態态總总戀恋懇恳惡恶懸悬驚惊懼惧慘惨慣惯憤愤願愿戲戏戰战戶户撲扑託托執执擴扩掃扫揚扬擾扰撫抚搶抢護护報报擔担擬拟擁拥' +
  '攔拦撥拨擇择掛挂揮挥撈捞損损換换據据擺摆搖摇攤摊撐撑攢攒敵敌斂敛數数齋斋鬥斗斬斩斷断無无舊旧時时曠旷顯显晉晋曬晒曉晓暈晕' +
  '暉晖暫暂術术樸朴機机殺杀雜杂權权條条來来楊杨極极構构槍枪櫃柜檢检樓楼標标樣样橋桥樹树橫横檔档欄栏歡欢歐欧殘残殲歼毀毁氣气' +
  '漢汉湯汤溝沟沒没滬沪滄沧澤泽潔洁灑洒淺浅濁浊測测濟济渾浑濃浓濤涛潤润漲涨滲渗淵渊溫温灣湾濕湿滿满灘滩漁渔潛潜澀涩瀾澜災灾' +
  '燈灯靈灵爐炉點点煉炼熱热營营燦灿燭烛愛爱爺爷牽牵犧牺狀状猶犹獨独獅狮獄狱環环現现瑪玛瓊琼瑩莹璽玺甕瓮畝亩畢毕畫画疊叠療疗' +
  '盤盘盞盏監监蓋盖盧卢睜睁瞞瞒礦矿碼码磚砖確确礎础禮礼禍祸禪禅離离種种積积穩稳窮穷竊窃競竞筆笔築筑簡简籌筹類类糧粮糾纠紅红' +
  '約约級级純纯紙纸紛纷納纳細细終终組组結结絕绝給给統统綠绿維维綱纲網网緊紧線线練练縮缩績绩織织繞绕繩绳纖纤續续罷罢羅罗羨羡' +
  '聯联職职肅肃脅胁腦脑腳脚膽胆臉脸臘腊臟脏興兴艦舰艱艰藝艺節节範范藥药蘭兰虛虚蟲虫蝦虾補补裝装製制複复覽览覺觉觀观規规視视' +
  '觸触計计訂订認认討讨讓让訓训記记講讲許许論论設设訪访評评識识試试詩诗話话該该詳详誠诚語语誤误說说請请調调談谈謝谢謀谋謹谨' +
  '譽誉讀读讚赞貝贝負负貢贡貧贫購购貫贯責责貴贵費费賊贼賜赐賞赏賠赔賢贤賤贱贏赢贈赠趕赶趨趋躍跃蹤踪車车軍军軌轨軟软轉转輕轻' +
  '較较載载輔辅輪轮輸输轄辖農农遲迟遷迁遺遗鄭郑釋释鐘钟鑑鉴針针釣钓鈔钞鈴铃銅铜銘铭銳锐鋼钢錦锦鍵键鎮镇鏈链鏡镜鐵铁長长門门' +
  '閃闪閉闭閒闲間间閘闸閱阅闊阔關关闡阐陽阳陰阴陣阵陸陆隊队階阶隨随險险隱隐隸隶雖虽雞鸡難难電电霧雾靜静韓韩頁页頂顶項项順顺' +
  '須须預预領领頻频題题額额顏颜顧顾風风飛飞飯饭飽饱館馆馬马駐驻驗验騰腾驅驱髮发鬆松魚鱼鮮鲜鳥鸟鳴鸣鴻鸿鵬鹏鶴鹤鷹鹰麥麦黃黄' +
  '齊齐齒齿龍龙龜龟鄧邓頓顿韋韦恆恒鋒锋諾诺萊莱鎊镑緣缘'

let table: Map<string, string> | undefined

function build(): Map<string, string> {
  const map = new Map<string, string>()
  const characters = [...PAIRS]
  for (let index = 0; index + 1 < characters.length; index += 2) {
    const traditional = characters[index] as string
    const simplified = characters[index + 1] as string
    if (traditional !== simplified) map.set(traditional, simplified)
  }
  return map
}

/** The Simplified form of one character, or the character itself. */
export function foldHan(character: string): string {
  table ??= build()
  return table.get(character) ?? character
}

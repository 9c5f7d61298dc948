/**
 * The field's vocabulary for site search (docs/search.md#synonyms): words that mean the same thing
 * in this field, and the short names people give cards. Editorial word lists, not facts about a
 * programme or a card, so they live with the search rather than in data/.
 */

/**
 * Groups of words one reader writes for what another writes differently. A record whose text
 * holds any word of a group is found by a query holding any other; Latin words match whole,
 * Chinese ones anywhere. Written in either script: both are folded before use.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['里程', '哩程', '里數', '哩數', 'mileage'],
  ['點數', '积分', 'points'],
  ['信用卡', '卡', 'credit card', 'card', 'cards'],
  ['轉點', '轉換', '转入', 'transfer', 'transfers', 'transfer partner'],
  ['長榮', '長榮航空', 'eva air', 'eva', 'br', 'infinity mileagelands', '無限萬哩遊'],
  ['華航', '中華航空', 'china airlines', 'ci', 'dynasty flyer', '華夏會員'],
  ['星宇', '星宇航空', 'starlux', 'jx', 'cosmile'],
  ['國泰航空', 'cathay pacific', 'cx', 'asia miles', '亞洲萬里通'],
  ['日航', '日本航空', 'japan airlines', 'jal', 'jl'],
  ['全日空', 'all nippon', 'ana', 'nh'],
  ['聯合航空', '聯航', 'united airlines', 'mileageplus', 'ua'],
  ['新加坡航空', '新航', 'singapore airlines', 'krisflyer', 'sq'],
  ['美國運通', '運通', 'american express', 'amex'],
  ['大通', 'chase', 'ultimate rewards'],
  ['花旗', 'citi', 'thankyou'],
  ['商務艙', '商務', 'business class'],
  ['頭等艙', '頭等', 'first class'],
  ['經濟艙', 'economy'],
  ['貴賓室', '休息室', 'lounge'],
  ['年費', 'annual fee'],
  ['開卡禮', '迎新', 'welcome bonus', 'sign up bonus'],
  ['萬豪', '萬豪旅享家', 'marriott', 'marriott bonvoy', 'bonvoy'],
  ['希爾頓', '希爾頓榮譽客會', 'hilton', 'hilton honors'],
  ['凱悅', '凱悅天地', 'hyatt', 'world of hyatt'],
  ['洲際', 'IHG 優悅會', 'ihg', 'ihg one rewards'],
  ['雅高', '雅高心悅界', 'accor'],
];

/**
 * Short names of cards as readers type them (on forums, in chats): found as the card's own name.
 * Keyed by the card's id in data/cards/.
 */
export const CARD_SHORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  'chase-sapphire-preferred': ['CSP'],
  'chase-sapphire-reserve': ['CSR'],
  'chase-freedom-unlimited': ['CFU'],
  'chase-freedom-flex': ['CFF'],
  'chase-ink-business-preferred': ['CIP', 'Ink Preferred'],
  'chase-ink-business-cash': ['CIC', 'Ink Cash'],
  'chase-ink-business-unlimited': ['CIU', 'Ink Unlimited'],
  'amex-platinum': ['Amex Plat', 'Plat', 'AmexP'],
  'amex-gold': ['Amex Gold', 'AmexG'],
  'amex-business-platinum': ['Biz Plat', 'Amex Biz Plat'],
  'amex-business-gold': ['Biz Gold'],
  'amex-blue-business-plus': ['BBP'],
  'amex-blue-cash-preferred': ['BCP'],
  'amex-blue-cash-everyday': ['BCE'],
  'amex-hilton-honors-aspire': ['Aspire'],
  'amex-marriott-bonvoy-brilliant': ['Brilliant'],
  'capital-one-venture-x': ['C1 VX', 'VX', 'Venture X'],
  'citi-double-cash': ['DC', 'Double Cash'],
  'citi-custom-cash': ['CCC', 'Custom Cash'],
  'us-bank-altitude-reserve': ['USBAR'],
  'bofa-premium-rewards': ['BofA PR'],
  'cathay-united-cube': ['CUBE'],
  'taishin-richart': ['Richart'],
  'taishin-flygo': ['FlyGo'],
};

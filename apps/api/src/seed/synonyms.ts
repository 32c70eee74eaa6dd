/**
 * The demo catalogue's common synonyms, across the two languages and Egyptian spellings: what shoppers type for what
 * the demo sells under another word ("fridge" for the refrigerators, "تلاجة" for "ثلاجة"). The merchant edits them
 * in the dashboard (Search synonyms); each word is one word, as a search reads them.
 */
export const DEMO_SYNONYMS: readonly (readonly string[])[] = [
  ['fridge', 'refrigerator', 'ثلاجة', 'تلاجة'],
  ['phone', 'mobile', 'smartphone', 'موبايل', 'تليفون', 'جوال', 'هاتف'],
  ['tv', 'television', 'تلفزيون', 'تليفزيون', 'شاشة'],
  ['laptop', 'notebook', 'لابتوب'],
  ['washer', 'washing', 'غسالة', 'غسيل'],
  ['cooker', 'stove', 'بوتاجاز', 'بوتجاز'],
  ['headphones', 'earphones', 'headset', 'سماعة', 'سماعات'],
  ['ac', 'conditioner', 'تكييف', 'مكيف'],
  ['diapers', 'nappies', 'حفاضات', 'بامبرز'],
  ['perfume', 'fragrance', 'عطر', 'برفان'],
  ['sneakers', 'trainers', 'كوتشي'],
  ['tablet', 'تابلت'],
  ['kettle', 'غلاية'],
  ['blender', 'خلاط'],
];

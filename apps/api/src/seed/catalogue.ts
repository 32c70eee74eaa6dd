/**
 * The demo catalogue as data: departments, their categories, and per category a few product lines
 * (brand, model, base price) and variants. plan.ts crosses lines with variants to make the products,
 * so 200 products come from about 150 lines instead of 200 hand-typed literals.
 * Prices are EGP at Egyptian retail levels; weights are shipping weights in kg. Everything a shopper
 * reads has its Arabic beside it (names, features, variant labels, blurbs).
 */

/** The picture drawn on a generated image tile (tiles.ts). */
export type Shape =
  | 'phone'
  | 'tablet'
  | 'tv'
  | 'laptop'
  | 'headphones'
  | 'watch'
  | 'gamepad'
  | 'fridge'
  | 'kettle'
  | 'ac'
  | 'pot'
  | 'stack'
  | 'shirt'
  | 'shoe'
  | 'pouch'
  | 'jar'
  | 'bottle'
  | 'perfume'
  | 'carton'
  | 'box'
  | 'bear'
  | 'dumbbell';

/** A product line, with its Arabic name (brand included, as Egyptian shops write it) and features. */
export type Line = readonly [brand: string, model: string, priceEgp: number, weightKg: number, features: string, nameAr: string, featuresAr: string];
/** A variant multiplies the line's price and weight (a 256GB phone, a pack of 6); an empty label is the plain item. */
export type Variant = readonly [label: string, priceFactor: number, weightFactor: number, labelAr: string];

export interface CategoryTemplate {
  name: string;
  nameAr: string;
  shape: Shape;
  /** Hue of the category's soft tile background. */
  hue: number;
  /** A closing sentence shared by the category's descriptions. */
  blurb: string;
  blurbAr: string;
  variants: readonly Variant[];
  lines: readonly Line[];
}

export interface DepartmentTemplate {
  name: string;
  nameAr: string;
  categories: readonly CategoryTemplate[];
}

const COLOURS_AR = {
  Black: 'أسود',
  White: 'أبيض',
  Silver: 'فضي',
  Grey: 'رمادي',
  Blue: 'أزرق',
  Navy: 'كحلي',
  Green: 'أخضر',
  Olive: 'زيتي',
  Pink: 'وردي',
  Red: 'أحمر',
  Beige: 'بيج',
} as const;
type Colour = keyof typeof COLOURS_AR;
const isColour = (word: string): word is Colour => Object.hasOwn(COLOURS_AR, word);

const colours = (...labels: Colour[]): Variant[] => labels.map((label) => [label, 1, 1, COLOURS_AR[label]]);
const packs: Variant[] = [
  ['', 1, 1, ''],
  ['Pack of 2', 1.9, 2, 'عبوة قطعتين'],
  ['Pack of 3', 2.8, 3, 'عبوة 3 قطع'],
];
/** 'M, Navy' → 'M، كحلي', 'Size 42' → 'مقاس 42': letter sizes stay as Egyptian shops write them. */
const sizeAr = (label: string) =>
  label
    .split(', ')
    .map((part) => (isColour(part) ? COLOURS_AR[part] : part.replace(/^Size (\d+)$/, 'مقاس $1')))
    .join('، ');
const sizes = (...labels: string[]): Variant[] => labels.map((label) => [label, 1, 1, sizeAr(label)]);
const warranty = 'Sold with the official Egyptian agent warranty; delivery across Egypt.';
const warrantyAr = 'بضمان الوكيل الرسمي في مصر، والتوصيل لكل المحافظات.';

export const DEPARTMENTS: readonly DepartmentTemplate[] = [
  {
    name: 'Electronics',
    nameAr: 'إلكترونيات',
    categories: [
      {
        name: 'Televisions',
        nameAr: 'شاشات وتلفزيونات',
        shape: 'tv',
        hue: 210,
        blurb: `Wall mount compatible (VESA). ${warranty}`,
        blurbAr: `متوافقة مع حامل الحائط (VESA). ${warrantyAr}`,
        variants: [
          ['43 inch', 1, 1, '43 بوصة'],
          ['50 inch', 1.3, 1.3, '50 بوصة'],
          ['55 inch', 1.6, 1.55, '55 بوصة'],
        ],
        lines: [
          ['Samsung', 'Crystal UHD 4K Smart TV CU7000', 19500, 9, 'Crystal 4K processor, HDR10+ and Tizen smart apps with built-in Wi-Fi', 'شاشة سامسونج كريستال UHD 4K سمارت CU7000', 'معالج Crystal 4K وتقنية HDR10+ وتطبيقات Tizen الذكية مع واي فاي مدمج'],
          ['LG', 'UHD 4K Smart TV UR8006', 18500, 9.5, 'α5 AI processor, webOS with Netflix, Shahid and YouTube, Magic Remote ready', 'شاشة إل جي UHD 4K سمارت UR8006', 'معالج α5 بالذكاء الاصطناعي ونظام webOS مع نتفليكس وشاهد ويوتيوب ومتوافقة مع ريموت Magic'],
          ['Toshiba El Araby', 'Full HD Smart TV V35MV', 10500, 7.5, 'Full HD panel, Dolby Audio and a built-in receiver for Nilesat channels', 'شاشة توشيبا العربي فل HD سمارت V35MV', 'شاشة فل HD وصوت Dolby Audio مع رسيفر مدمج لقنوات النايل سات'],
          ['Sharp', '4K Android TV 4T-C', 16500, 8.5, 'Android TV with Google Assistant, Chromecast built-in and 4K HDR', 'شاشة شارب 4K أندرويد 4T-C', 'نظام Android TV مع مساعد جوجل وكروم كاست مدمج ودقة 4K HDR'],
          ['Tornado', 'Full HD LED TV', 8200, 7, 'Full HD LED panel with a built-in receiver, two HDMI ports and USB playback', 'شاشة تورنيدو LED فل HD', 'شاشة LED فل HD برسيفر مدمج ومنفذي HDMI وتشغيل من USB'],
        ],
      },
      {
        name: 'Laptops',
        nameAr: 'لابتوب',
        shape: 'laptop',
        hue: 222,
        blurb: `Windows 11 Home pre-installed, Arabic/English keyboard. ${warranty}`,
        blurbAr: `ويندوز 11 هوم مثبت مسبقًا ولوحة مفاتيح عربي/إنجليزي. ${warrantyAr}`,
        variants: [
          ['8GB RAM, 256GB SSD', 1, 1, 'رام 8 جيجا، SSD سعة 256 جيجا'],
          ['8GB RAM, 512GB SSD', 1.1, 1, 'رام 8 جيجا، SSD سعة 512 جيجا'],
          ['16GB RAM, 512GB SSD', 1.25, 1, 'رام 16 جيجا، SSD سعة 512 جيجا'],
        ],
        lines: [
          ['Lenovo', 'IdeaPad Slim 3 15IAH8, Core i5', 24500, 1.6, '15.6-inch Full HD IPS display, 12th-gen Intel Core i5 and fast-charging battery', 'لابتوب لينوفو IdeaPad Slim 3 15IAH8 كور i5', 'شاشة IPS فل HD مقاس 15.6 بوصة ومعالج إنتل كور i5 الجيل الثاني عشر وبطارية بشحن سريع'],
          ['HP', '250 G9 Laptop, Core i3', 16500, 1.8, '15.6-inch display, Intel Core i3, numeric keypad and HD webcam', 'لابتوب اتش بي 250 G9 كور i3', 'شاشة 15.6 بوصة ومعالج إنتل كور i3 ولوحة أرقام وكاميرا ويب HD'],
          ['Dell', 'Inspiron 15 3520, Core i7', 34500, 1.7, '15.6-inch 120 Hz Full HD display, Intel Core i7 and Intel Iris Xe graphics', 'لابتوب ديل Inspiron 15 3520 كور i7', 'شاشة فل HD مقاس 15.6 بوصة بتردد 120 هرتز ومعالج إنتل كور i7 ورسوميات Intel Iris Xe'],
          ['Apple', 'MacBook Air 13 M2', 49500, 1.24, '13.6-inch Liquid Retina display, Apple M2 chip and up to 18 hours of battery', 'لابتوب أبل ماك بوك إير 13 M2', 'شاشة Liquid Retina مقاس 13.6 بوصة وشريحة Apple M2 وبطارية تدوم حتى 18 ساعة'],
          ['Asus', 'Vivobook 15 X1504, Core i5', 21500, 1.7, '15.6-inch Full HD display, fingerprint sensor and ErgoSense keyboard', 'لابتوب أسوس Vivobook 15 X1504 كور i5', 'شاشة فل HD مقاس 15.6 بوصة ومستشعر بصمة ولوحة مفاتيح ErgoSense'],
        ],
      },
      {
        name: 'Headphones & Speakers',
        nameAr: 'سماعات ومكبرات صوت',
        shape: 'headphones',
        hue: 265,
        blurb: 'Bluetooth 5 pairing with phones, tablets and laptops. Official warranty.',
        blurbAr: 'اتصال بلوتوث 5 بالموبايل والتابلت واللابتوب. ضمان رسمي.',
        variants: colours('Black', 'White', 'Blue'),
        lines: [
          ['JBL', 'Tune 520BT Wireless On-Ear Headphones', 2199, 0.3, 'JBL Pure Bass sound, 57 hours of battery and multipoint connection', 'سماعة رأس لاسلكية جي بي إل Tune 520BT', 'صوت JBL Pure Bass وبطارية تدوم 57 ساعة واتصال بأكثر من جهاز'],
          ['Sony', 'WH-CH520 Wireless Headphones', 2499, 0.3, 'Up to 50 hours of battery, quick charge and a built-in microphone', 'سماعة رأس لاسلكية سوني WH-CH520', 'بطارية تدوم حتى 50 ساعة وشحن سريع وميكروفون مدمج'],
          ['Samsung', 'Galaxy Buds FE', 3499, 0.2, 'Active noise cancelling, powerful bass and an ergonomic wing-tip fit', 'سماعة أذن سامسونج جالاكسي Buds FE', 'عزل نشط للضوضاء وباص قوي وتصميم مريح يثبت في الأذن'],
          ['Oraimo', 'FreePods 4 ANC Earbuds', 1299, 0.15, 'Hybrid noise cancelling, 35.5 hours with the case and fast charging', 'سماعة أذن أورايمو FreePods 4 بعزل الضوضاء', 'عزل هجين للضوضاء و35.5 ساعة تشغيل مع العلبة وشحن سريع'],
          ['JBL', 'Flip 6 Portable Speaker', 5499, 0.9, 'IP67 waterproof and dustproof speaker with 12 hours of playtime', 'سماعة محمولة جي بي إل Flip 6', 'سماعة مقاومة للماء والأتربة بمعيار IP67 مع 12 ساعة تشغيل'],
        ],
      },
      {
        name: 'Gaming',
        nameAr: 'ألعاب الفيديو',
        shape: 'gamepad',
        hue: 250,
        blurb: `Original product, Middle East edition. ${warranty}`,
        blurbAr: `منتج أصلي، إصدار الشرق الأوسط. ${warrantyAr}`,
        variants: [
          ['', 1, 1, ''],
          ['Bundle with Extra Controller', 1.15, 1.2, 'مع دراع تحكم إضافي'],
        ],
        lines: [
          ['Sony', 'PlayStation 5 Slim Console', 29500, 4.5, '1TB SSD, 4K gaming at up to 120 fps and the DualSense wireless controller', 'جهاز بلايستيشن 5 سليم من سوني', 'مساحة SSD سعة 1 تيرابايت وألعاب بدقة 4K حتى 120 إطارًا في الثانية ويد تحكم DualSense اللاسلكية'],
          ['Microsoft', 'Xbox Series S Console', 17500, 3.5, '512GB SSD, 1440p gaming at up to 120 fps and Game Pass ready', 'جهاز إكس بوكس Series S من مايكروسوفت', 'مساحة SSD سعة 512 جيجابايت وألعاب بدقة 1440p حتى 120 إطارًا في الثانية وجاهز لـ Game Pass'],
          ['Nintendo', 'Switch OLED Console', 16500, 1.5, '7-inch OLED screen, play at home on the TV or on the go', 'جهاز نينتندو سويتش OLED', 'شاشة OLED مقاس 7 بوصة، العب في البيت على التلفزيون أو في أي مكان'],
          ['Sony', 'DualSense Wireless Controller', 3999, 0.5, 'Haptic feedback, adaptive triggers and a built-in microphone', 'دراع تحكم لاسلكي سوني DualSense', 'استجابة لمسية وأزرار تكيفية وميكروفون مدمج'],
          ['Logitech', 'G502 HERO Gaming Mouse', 2199, 0.4, '25K sensor, 11 programmable buttons and adjustable weights', 'ماوس ألعاب لوجيتك G502 HERO', 'مستشعر 25K و11 زرًا قابلًا للبرمجة وأوزان قابلة للتعديل'],
        ],
      },
    ],
  },
  {
    name: 'Mobiles & Tablets',
    nameAr: 'موبايلات وتابلت',
    categories: [
      {
        name: 'Smartphones',
        nameAr: 'موبايلات',
        shape: 'phone',
        hue: 200,
        blurb: `Dual SIM, works on all Egyptian networks. ${warranty}`,
        blurbAr: `شريحتين، يعمل على كل الشبكات المصرية. ${warrantyAr}`,
        variants: [
          ['128GB, Black', 1, 1, '128 جيجا، أسود'],
          ['256GB, Blue', 1.12, 1, '256 جيجا، أزرق'],
          ['256GB, Green', 1.12, 1, '256 جيجا، أخضر'],
          ['512GB, Black', 1.28, 1, '512 جيجا، أسود'],
        ],
        lines: [
          ['Apple', 'iPhone 15', 52999, 0.4, '6.1-inch Super Retina XDR display, Dynamic Island, 48MP main camera and USB-C', 'موبايل أبل آيفون 15', 'شاشة Super Retina XDR مقاس 6.1 بوصة وDynamic Island وكاميرا رئيسية 48 ميجابكسل ومنفذ USB-C'],
          ['Samsung', 'Galaxy A15', 8499, 0.4, '6.5-inch Super AMOLED display, 50MP triple camera and a 5000 mAh battery', 'موبايل سامسونج جالاكسي A15', 'شاشة Super AMOLED مقاس 6.5 بوصة وكاميرا ثلاثية 50 ميجابكسل وبطارية 5000 مللي أمبير'],
          ['Xiaomi', 'Redmi Note 13', 9999, 0.4, '6.67-inch 120 Hz AMOLED display, 108MP camera and 33W fast charging', 'موبايل شاومي ريدمي نوت 13', 'شاشة AMOLED مقاس 6.67 بوصة بتردد 120 هرتز وكاميرا 108 ميجابكسل وشحن سريع 33 وات'],
          ['Oppo', 'Reno 11 F 5G', 16999, 0.4, '6.7-inch 120 Hz AMOLED display, 64MP camera and 67W SUPERVOOC charging', 'موبايل أوبو رينو 11 F 5G', 'شاشة AMOLED مقاس 6.7 بوصة بتردد 120 هرتز وكاميرا 64 ميجابكسل وشحن SUPERVOOC بقدرة 67 وات'],
          ['Samsung', 'Galaxy S24 Ultra', 57999, 0.45, '6.8-inch QHD+ display, built-in S Pen, 200MP camera and Galaxy AI', 'موبايل سامسونج جالاكسي S24 ألترا', 'شاشة QHD+ مقاس 6.8 بوصة وقلم S Pen مدمج وكاميرا 200 ميجابكسل وGalaxy AI'],
          ['Realme', 'C67', 7999, 0.4, '6.72-inch 90 Hz display, 108MP camera and 33W SUPERVOOC charging', 'موبايل ريلمي C67', 'شاشة مقاس 6.72 بوصة بتردد 90 هرتز وكاميرا 108 ميجابكسل وشحن SUPERVOOC بقدرة 33 وات'],
          ['Honor', 'X9b 5G', 16999, 0.4, '6.78-inch curved AMOLED display, ultra-bounce anti-drop design and a 5800 mAh battery', 'موبايل هونر X9b 5G', 'شاشة AMOLED منحنية مقاس 6.78 بوصة وتصميم مقاوم للسقوط وبطارية 5800 مللي أمبير'],
          ['Infinix', 'Hot 40 Pro', 7499, 0.4, '6.78-inch 120 Hz display, 108MP camera and Helio G99 processor', 'موبايل إنفينكس هوت 40 برو', 'شاشة مقاس 6.78 بوصة بتردد 120 هرتز وكاميرا 108 ميجابكسل ومعالج Helio G99'],
        ],
      },
      {
        name: 'Tablets',
        nameAr: 'تابلت',
        shape: 'tablet',
        hue: 190,
        blurb: `Arabic and English interface. ${warranty}`,
        blurbAr: `واجهة باللغتين العربية والإنجليزية. ${warrantyAr}`,
        variants: [
          ['64GB, Wi-Fi', 1, 1, '64 جيجا، واي فاي'],
          ['128GB, Wi-Fi', 1.15, 1, '128 جيجا، واي فاي'],
          ['128GB, 4G LTE', 1.3, 1.02, '128 جيجا، 4G LTE'],
        ],
        lines: [
          ['Apple', 'iPad 10th Generation 10.9-inch', 24999, 0.6, 'Liquid Retina display, A14 Bionic chip, USB-C and Touch ID', 'تابلت أبل آيباد الجيل العاشر 10.9 بوصة', 'شاشة Liquid Retina وشريحة A14 Bionic ومنفذ USB-C وبصمة Touch ID'],
          ['Samsung', 'Galaxy Tab A9+', 10999, 0.6, '11-inch 90 Hz display, quad speakers with Dolby Atmos', 'تابلت سامسونج جالاكسي Tab A9+', 'شاشة 11 بوصة بتردد 90 هرتز وأربع سماعات بتقنية Dolby Atmos'],
          ['Xiaomi', 'Redmi Pad SE', 8999, 0.55, '11-inch 90 Hz display, quad speakers and an 8000 mAh battery', 'تابلت شاومي ريدمي باد SE', 'شاشة 11 بوصة بتردد 90 هرتز وأربع سماعات وبطارية 8000 مللي أمبير'],
          ['Lenovo', 'Tab M10 3rd Gen', 6999, 0.5, '10.1-inch Full HD display, kids mode and dual speakers', 'تابلت لينوفو Tab M10 الجيل الثالث', 'شاشة فل HD مقاس 10.1 بوصة ووضع الأطفال وسماعتان'],
          ['Honor', 'Pad X9', 9499, 0.55, '11.5-inch 120 Hz display, six speakers and a 7250 mAh battery', 'تابلت هونر Pad X9', 'شاشة 11.5 بوصة بتردد 120 هرتز وست سماعات وبطارية 7250 مللي أمبير'],
        ],
      },
      {
        name: 'Smartwatches',
        nameAr: 'ساعات ذكية',
        shape: 'watch',
        hue: 175,
        blurb: 'Pairs with Android and iPhone; sleep, heart-rate and workout tracking.',
        blurbAr: 'تتصل بأندرويد وآيفون، وتتابع النوم ونبض القلب والتمارين.',
        variants: colours('Black', 'Silver', 'Pink'),
        lines: [
          ['Apple', 'Watch SE 2nd Gen 40mm', 12999, 0.2, 'Crash detection, heart-rate notifications and swim-proof design', 'ساعة أبل Watch SE الجيل الثاني 40 مم', 'كشف الحوادث وتنبيهات معدل ضربات القلب وتصميم مقاوم للماء مناسب للسباحة'],
          ['Samsung', 'Galaxy Watch6 40mm', 9499, 0.2, 'Sapphire crystal display, body composition and advanced sleep coaching', 'ساعة سامسونج جالاكسي Watch6 مقاس 40 مم', 'شاشة من كريستال السافير وقياس تكوين الجسم ومتابعة متقدمة للنوم'],
          ['Huawei', 'Watch Fit 3', 5499, 0.15, '1.82-inch AMOLED display, 10-day battery and built-in GPS', 'ساعة هواوي Watch Fit 3', 'شاشة AMOLED مقاس 1.82 بوصة وبطارية تدوم 10 أيام وGPS مدمج'],
          ['Xiaomi', 'Redmi Watch 4', 3499, 0.15, '1.97-inch AMOLED display, 20-day battery and 150+ sport modes', 'ساعة شاومي ريدمي Watch 4', 'شاشة AMOLED مقاس 1.97 بوصة وبطارية تدوم 20 يومًا وأكثر من 150 وضعًا رياضيًا'],
          ['Amazfit', 'Bip 5', 3199, 0.15, 'Large 1.91-inch display, Bluetooth calls and 10-day battery life', 'ساعة أمازفيت Bip 5', 'شاشة كبيرة مقاس 1.91 بوصة ومكالمات بلوتوث وبطارية تدوم 10 أيام'],
        ],
      },
      {
        name: 'Mobile Accessories',
        nameAr: 'إكسسوارات موبايل',
        shape: 'box',
        hue: 160,
        blurb: 'Original accessories with a 12-month replacement warranty.',
        blurbAr: 'إكسسوارات أصلية بضمان استبدال لمدة 12 شهرًا.',
        variants: colours('Black', 'White'),
        lines: [
          ['Anker', 'PowerCore 10000 Power Bank', 1099, 0.25, '10000 mAh, PowerIQ fast charging and a compact pocket size', 'باور بانك أنكر PowerCore سعة 10000 مللي أمبير', 'سعة 10000 مللي أمبير وشحن سريع PowerIQ وحجم صغير يناسب الجيب'],
          ['Samsung', '25W Super Fast Charger USB-C', 649, 0.1, 'USB-C Power Delivery charger with a 1 m USB-C cable', 'شاحن سامسونج سريع 25 وات USB-C', 'شاحن USB-C بتقنية Power Delivery مع كابل USB-C بطول 1 متر'],
          ['Oraimo', 'Traveler 20000 mAh Power Bank', 849, 0.4, 'Charges two devices at once with 22.5W fast charging', 'باور بانك أورايمو Traveler سعة 20000 مللي أمبير', 'يشحن جهازين في نفس الوقت بشحن سريع 22.5 وات'],
          ['Baseus', 'USB-C to Lightning Cable 1m', 249, 0.05, 'Braided 20W fast-charging cable for iPhone', 'كابل باسيوس USB-C إلى Lightning بطول 1 متر', 'كابل مضفر بشحن سريع 20 وات للآيفون'],
          ['Spigen', 'Liquid Air Case for iPhone 15', 699, 0.05, 'Slim shock-absorbing case with a matte, grippy finish', 'جراب سبيجن Liquid Air لآيفون 15', 'جراب نحيف ممتص للصدمات بملمس مطفي لا ينزلق'],
        ],
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    nameAr: 'المنزل والمطبخ',
    categories: [
      {
        name: 'Large Appliances',
        nameAr: 'أجهزة منزلية كبيرة',
        shape: 'fridge',
        hue: 30,
        blurb: `Free delivery and installation in Cairo and Giza. ${warranty}`,
        blurbAr: `توصيل وتركيب مجاني في القاهرة والجيزة. ${warrantyAr}`,
        variants: colours('Silver', 'Black', 'White'),
        lines: [
          ['Toshiba El Araby', 'No Frost Refrigerator 14 ft', 24999, 62, 'No Frost cooling, digital control and a 14 ft capacity with a fresh zone', 'ثلاجة توشيبا العربي نوفروست 14 قدم', 'تبريد نوفروست وتحكم رقمي وسعة 14 قدم مع درج للخضار الطازج'],
          ['Sharp', 'Inverter Refrigerator 18 ft', 31999, 70, 'Inverter compressor, Hybrid Cooling and a large 18 ft capacity', 'ثلاجة شارب إنفرتر 18 قدم', 'كمبروسر إنفرتر وتبريد هجين وسعة كبيرة 18 قدم'],
          ['Fresh', 'Automatic Washing Machine 7 kg', 12999, 60, 'Top-load fully automatic washing machine with 8 programmes and a 7 kg drum', 'غسالة فريش أوتوماتيك 7 كيلو', 'غسالة أوتوماتيك بالكامل بتحميل علوي و8 برامج وحلة سعة 7 كيلو'],
          ['Zanussi', 'Front Load Washing Machine 8 kg', 20499, 68, '8 kg front loader, 1200 rpm spin and a quick 30-minute wash', 'غسالة زانوسي فول أوتوماتيك تحميل أمامي 8 كيلو', 'تحميل أمامي سعة 8 كيلو وسرعة عصر 1200 لفة ودورة غسيل سريعة 30 دقيقة'],
          ['Fresh', 'Gas Cooker 5 Burners 90 cm', 12499, 48, 'Five burners, full safety and a fan-assisted gas oven', 'بوتاجاز فريش 5 شعلة 90 سم', 'خمس شعلات وأمان كامل وفرن غاز بمروحة'],
        ],
      },
      {
        name: 'Small Appliances',
        nameAr: 'أجهزة منزلية صغيرة',
        shape: 'kettle',
        hue: 15,
        blurb: 'Egyptian 220V plug; two-year agent warranty.',
        blurbAr: 'فيشة مصرية 220 فولت، وضمان الوكيل لمدة عامين.',
        variants: colours('White', 'Black', 'Red'),
        lines: [
          ['Tornado', 'Electric Kettle 1.7 L 2200W', 899, 1.2, 'Stainless steel kettle with auto shut-off and a 360° base', 'كاتيل كهربائي تورنيدو 1.7 لتر 2200 وات', 'غلاية من الستانلس ستيل بفصل تلقائي وقاعدة تدور 360 درجة'],
          ['Moulinex', 'Blender 2 in 1 500W', 2199, 2.5, '1.5 L jar, grinder attachment and two speeds plus pulse', 'خلاط مولينكس 2 في 1 بقدرة 500 وات', 'إبريق سعة 1.5 لتر وملحق مطحنة وسرعتان مع خاصية النبض'],
          ['Philips', 'Essential Air Fryer 4.1 L', 5499, 5, 'Rapid Air technology for crispy results with up to 90% less fat', 'قلاية هوائية فيليبس Essential سعة 4.1 لتر', 'تقنية Rapid Air لنتيجة مقرمشة بدهون أقل حتى 90%'],
          ['Tefal', 'Express Steam Iron 2400W', 1799, 1.4, 'Ceramic soleplate, 35 g/min continuous steam and anti-calc system', 'مكواة بخار تيفال Express بقدرة 2400 وات', 'قاعدة سيراميك وبخار مستمر 35 جم في الدقيقة ونظام مضاد للترسبات'],
          ['Fresh', 'Vacuum Cleaner 1600W', 3499, 6, 'Bagless cyclone vacuum cleaner with HEPA filter and 2 L dust cup', 'مكنسة كهربائية فريش 1600 وات', 'مكنسة بدون كيس بتقنية السيكلون وفلتر HEPA وخزان أتربة سعة 2 لتر'],
        ],
      },
      {
        name: 'Cookware',
        nameAr: 'أدوات الطهي',
        shape: 'pot',
        hue: 40,
        blurb: 'Suitable for gas and electric hobs; dishwasher safe.',
        blurbAr: 'مناسبة للبوتاجاز والمسطحات الكهربائية، وآمنة في غسالة الأطباق.',
        variants: colours('Red', 'Black', 'Grey'),
        lines: [
          ['Zahran', 'Stainless Steel Cookware Set 10 Pieces', 5499, 7, 'Egyptian-made 18/10 stainless steel pots with glass lids', 'طقم حلل زهران ستانلس ستيل 10 قطع', 'حلل مصرية الصنع من الستانلس ستيل 18/10 بأغطية زجاجية'],
          ['Tefal', 'So Chef Non-stick Frying Pan 28 cm', 899, 1, 'Titanium non-stick coating with Thermo-Spot heat indicator', 'طاسة تيفال So Chef غير لاصقة 28 سم', 'طبقة تيتانيوم غير لاصقة مع مؤشر الحرارة Thermo-Spot'],
          ['Pyrex', 'Glass Oven Dish Rectangular 2.5 L', 449, 1.4, 'Borosilicate glass safe in the oven, microwave and freezer', 'صينية فرن بايركس زجاج مستطيلة 2.5 لتر', 'زجاج بوروسيليكات آمن في الفرن والميكروويف والفريزر'],
          ['Prestige', 'Pressure Cooker 6 L', 1899, 2.6, 'Aluminium pressure cooker with a safety valve and gasket', 'حلة ضغط برستيج 6 لتر', 'حلة ضغط من الألومنيوم بصمام أمان وجوان'],
          ['Granit', 'Granite Cookware Set 7 Pieces', 3299, 6, 'Granite-coated pots and pan with soft-touch handles', 'طقم حلل جرانيت 7 قطع', 'حلل وطاسة بطبقة جرانيت ومقابض ناعمة الملمس'],
        ],
      },
      {
        name: 'Air Conditioners',
        nameAr: 'تكييفات',
        shape: 'ac',
        hue: 195,
        blurb: 'Price includes standard installation in Greater Cairo. Official agent warranty, 5 years on the compressor.',
        blurbAr: 'السعر يشمل التركيب العادي في القاهرة الكبرى. ضمان الوكيل الرسمي، 5 سنوات على الكمبروسر.',
        variants: [
          ['Cooling Only', 1, 1, 'بارد فقط'],
          ['Cool / Heat', 1.08, 1.02, 'بارد / ساخن'],
        ],
        lines: [
          ['Carrier', 'Optimax Split AC 1.5 HP', 27999, 38, 'Turbo cooling, self-cleaning coil and a sleep mode', 'تكييف كاريير Optimax سبليت 1.5 حصان', 'تبريد توربو وتنظيف ذاتي للملفات ووضع النوم'],
          ['Sharp', 'Inverter Split AC 2.25 HP', 41999, 45, 'J-Tech inverter saving up to 60% energy and Plasmacluster air purification', 'تكييف شارب إنفرتر سبليت 2.25 حصان', 'إنفرتر J-Tech يوفر حتى 60% من الكهرباء وتنقية الهواء بتقنية Plasmacluster'],
          ['Tornado', 'Split AC 1.5 HP', 23999, 37, 'Fast cooling for rooms up to 16 m² with a digital remote', 'تكييف تورنيدو سبليت 1.5 حصان', 'تبريد سريع للغرف حتى 16 م² مع ريموت رقمي'],
          ['LG', 'Dual Inverter Split AC 1.5 HP', 35999, 40, 'Dual inverter compressor, quiet operation and ThinQ Wi-Fi control', 'تكييف إل جي Dual Inverter سبليت 1.5 حصان', 'كمبروسر دوال إنفرتر وتشغيل هادئ وتحكم عبر الواي فاي بتطبيق ThinQ'],
          ['Midea', 'Mission Split AC 2.25 HP', 32999, 44, 'Anti-corrosion coils, 4D auto swing and a follow-me remote', 'تكييف ميديا Mission سبليت 2.25 حصان', 'ملفات مقاومة للتآكل وتوزيع هواء رباعي الاتجاهات وريموت Follow Me'],
        ],
      },
      {
        name: 'Bedding & Bath',
        nameAr: 'مفروشات وحمام',
        shape: 'stack',
        hue: 330,
        blurb: 'Made from 100% Egyptian cotton; machine washable.',
        blurbAr: 'مصنوع من قطن مصري 100%، ويغسل في الغسالة.',
        variants: colours('White', 'Grey', 'Blue'),
        lines: [
          ['El Mahalla', 'Egyptian Cotton Bed Sheet Set Queen', 1299, 1.8, 'Fitted sheet, flat sheet and two pillowcases in 200-thread cotton', 'طقم ملايات المحلة قطن مصري كوين', 'ملاية بأستك وملاية سادة وكيسين مخدة من قطن 200 فتلة'],
          ['El Mahalla', 'Bath Towel 70 x 140 cm', 349, 0.6, 'Soft, absorbent terry towel woven in El Mahalla El Kubra', 'فوطة حمام المحلة 70 × 140 سم', 'فوطة قطيفة ناعمة وعالية الامتصاص منسوجة في المحلة الكبرى'],
          ['Home Centre', 'Memory Foam Pillow', 599, 1.1, 'Contoured memory foam for neck support with a removable cover', 'مخدة ميموري فوم من هوم سنتر', 'ميموري فوم بتصميم يدعم الرقبة مع كيس قابل للفك'],
          ['IKEA', 'Duvet Medium Warm 240 x 220 cm', 1499, 2.2, 'Polyester filling suitable for Egyptian winters, easy to wash', 'لحاف ايكيا دافئ 240 × 220 سم', 'حشو بوليستر يناسب شتاء مصر وسهل الغسيل'],
          ['Cottonil', 'Bathrobe Unisex', 899, 1, 'Cotton terry bathrobe with a shawl collar and belt', 'برنس حمام كوتونيل للجنسين', 'برنس من القطن القطيفة بياقة شال وحزام'],
        ],
      },
    ],
  },
  {
    name: 'Fashion',
    nameAr: 'أزياء',
    categories: [
      {
        name: "Men's Clothing",
        nameAr: 'ملابس رجالي',
        shape: 'shirt',
        hue: 230,
        blurb: 'Free exchange within 14 days.',
        blurbAr: 'استبدال مجاني خلال 14 يومًا.',
        variants: sizes('M, Navy', 'L, White', 'XL, Black', 'L, Olive'),
        lines: [
          ['LC Waikiki', 'Slim Fit Cotton Shirt', 449, 0.3, 'Long-sleeve cotton shirt with a button-down collar', 'قميص قطن رجالي سليم فيت من إل سي وايكيكي', 'قميص قطن بكم طويل وياقة بزراير'],
          ['Defacto', 'Regular Fit Polo T-Shirt', 349, 0.25, 'Piqué cotton polo with a two-button placket', 'تي شيرت بولو رجالي ريجولار فيت من ديفاكتو', 'بولو من قطن البيكيه بزرارين'],
          ['Town Team', 'Slim Fit Jeans', 799, 0.6, 'Stretch denim jeans with a five-pocket design', 'بنطلون جينز رجالي سليم فيت من تاون تيم', 'جينز دنيم مرن بتصميم خمسة جيوب'],
          ['Concrete', 'Chino Trousers', 899, 0.5, 'Cotton twill chinos with a tapered leg', 'بنطلون تشينو رجالي من كونكريت', 'بنطلون تشينو من قماش القطن التويل بقصة ضيقة من أسفل'],
          ['LC Waikiki', 'Crew Neck Sweatshirt', 549, 0.45, 'Soft brushed fleece sweatshirt for cooler evenings', 'سويت شيرت رجالي رقبة مستديرة من إل سي وايكيكي', 'سويت شيرت من الفليس الناعم للأمسيات الباردة'],
        ],
      },
      {
        name: "Women's Clothing",
        nameAr: 'ملابس حريمي',
        shape: 'shirt',
        hue: 320,
        blurb: 'Free exchange within 14 days.',
        blurbAr: 'استبدال مجاني خلال 14 يومًا.',
        variants: sizes('S, Beige', 'M, Black', 'L, Olive', 'M, Pink'),
        lines: [
          ['LC Waikiki', 'Floral Midi Dress', 649, 0.35, 'Flowing viscose midi dress with long sleeves and a belted waist', 'فستان ميدي مشجر من إل سي وايكيكي', 'فستان ميدي منسدل من الفسكوز بأكمام طويلة وحزام على الخصر'],
          ['Defacto', 'Oversized Knit Sweater', 549, 0.45, 'Chunky knit sweater with dropped shoulders', 'بلوفر تريكو أوفر سايز حريمي من ديفاكتو', 'بلوفر تريكو سميك بأكتاف منسدلة'],
          ['Mango', 'Linen Wide-Leg Trousers', 1799, 0.4, 'Linen blend trousers with a high waist and side pockets', 'بنطلون كتان واسع حريمي من مانجو', 'بنطلون من خليط الكتان بخصر عالٍ وجيوب جانبية'],
          ['Zara', 'Basic Straight Blazer', 2999, 0.7, 'Lapel-collar blazer with flap pockets and a single button', 'بليزر حريمي مستقيم من زارا', 'بليزر بياقة مفتوحة وجيوب بغطاء وزرار واحد'],
          ['Town Team', "Women's Mom Jeans", 849, 0.6, 'High-rise cotton denim with a relaxed fit', 'بنطلون جينز مام حريمي من تاون تيم', 'جينز قطن بخصر عالٍ وقصة مريحة'],
        ],
      },
      {
        name: 'Underwear & Socks',
        nameAr: 'ملابس داخلية وشرابات',
        shape: 'pouch',
        hue: 280,
        blurb: 'Made in Egypt from combed cotton.',
        blurbAr: 'صناعة مصرية من القطن الممشط.',
        variants: sizes('M', 'L', 'XL'),
        lines: [
          ['Cottonil', 'Men Cotton Boxer, Pack of 3', 279, 0.3, 'Breathable combed cotton boxers with a soft waistband', 'بوكسر رجالي قطن كوتونيل، عبوة 3 قطع', 'بوكسر من القطن الممشط يسمح بمرور الهواء بأستك ناعم'],
          ['Dice', 'Men Undershirt, Pack of 2', 199, 0.3, 'Sleeveless cotton undershirts that stay white wash after wash', 'فانلة داخلية رجالي دايس، عبوة قطعتين', 'فانلات قطن حمالات تفضل بيضاء غسلة بعد غسلة'],
          ['Cottonil', 'Relax Cotton Socks, Pack of 6', 179, 0.3, 'Cushioned ankle socks with reinforced heel and toe', 'شراب قطن كوتونيل Relax، عبوة 6 أزواج', 'شراب قصير مبطن بكعب ومقدمة مقواة'],
          ['Dice', 'Kids Briefs, Pack of 3', 149, 0.2, 'Soft cotton briefs with fun prints for children', 'سليب أطفال دايس، عبوة 3 قطع', 'سليب قطن ناعم برسومات مبهجة للأطفال'],
          ['Cottonil', 'Women Seamless Briefs, Pack of 3', 229, 0.2, 'Seamless stretch cotton briefs for all-day comfort', 'سليب حريمي بدون خياطة كوتونيل، عبوة 3 قطع', 'سليب قطن مرن بدون خياطة لراحة طوال اليوم'],
        ],
      },
      {
        name: 'Shoes',
        nameAr: 'أحذية',
        shape: 'shoe',
        hue: 20,
        blurb: 'Free exchange of size within 14 days.',
        blurbAr: 'استبدال المقاس مجانًا خلال 14 يومًا.',
        variants: sizes('Size 41', 'Size 42', 'Size 43', 'Size 44'),
        lines: [
          ['Adidas', 'Runfalcon 3.0 Running Shoes', 2599, 0.8, 'Lightweight mesh running shoes with Cloudfoam cushioning', 'حذاء جري أديداس Runfalcon 3.0', 'حذاء جري خفيف من الشبك بنعل Cloudfoam المريح'],
          ['Nike', 'Revolution 7 Running Shoes', 3199, 0.8, 'Soft foam midsole and breathable knit upper', 'حذاء جري نايكي Revolution 7', 'نعل أوسط من الفوم الناعم وجزء علوي محبوك يسمح بمرور الهواء'],
          ['Skechers', 'Go Walk Slip-On Shoes', 3499, 0.7, 'Slip-on walking shoes with Air-Cooled Goga Mat insoles', 'حذاء سكيتشرز Go Walk بدون رباط', 'حذاء مشي بدون رباط بفرش Air-Cooled Goga Mat'],
          ['Bata', 'Leather Penny Loafers', 1399, 0.9, 'Genuine leather loafers with a cushioned footbed', 'حذاء لوفر جلد باتا', 'لوفر من الجلد الطبيعي بفرش مبطن'],
          ['Activ', 'Canvas Low-Top Sneakers', 649, 0.7, 'Everyday canvas sneakers with a rubber sole', 'كوتشي كانفاس أكتيف', 'كوتشي كانفاس للاستخدام اليومي بنعل كاوتش'],
        ],
      },
    ],
  },
  {
    name: 'Beauty & Health',
    nameAr: 'الجمال والصحة',
    categories: [
      {
        name: 'Skin Care',
        nameAr: 'العناية بالبشرة',
        shape: 'jar',
        hue: 340,
        blurb: '100% original, sealed, with a long expiry date.',
        blurbAr: 'أصلي 100%، مغلق، وتاريخ صلاحية طويل.',
        variants: packs,
        lines: [
          ['Nivea', 'Soft Moisturising Cream 200 ml', 159, 0.25, 'Light moisturiser with jojoba oil and vitamin E for face and body', 'كريم نيفيا Soft المرطب 200 مل', 'مرطب خفيف بزيت الجوجوبا وفيتامين E للوجه والجسم'],
          ['Garnier', 'Micellar Cleansing Water 400 ml', 229, 0.45, 'Removes make-up and cleanses without rinsing, for all skin types', 'ماء ميسيلار جارنييه المنظف 400 مل', 'يزيل المكياج وينظف البشرة بدون شطف، لكل أنواع البشرة'],
          ['The Ordinary', 'Niacinamide 10% + Zinc 1% Serum 30 ml', 699, 0.1, 'Serum that targets blemishes and visible pores', 'سيروم ذا أورديناري نياسيناميد 10% + زنك 1% سعة 30 مل', 'سيروم يستهدف الحبوب والمسام الظاهرة'],
          ['La Roche-Posay', 'Effaclar Purifying Foaming Gel 400 ml', 1249, 0.45, 'Gentle cleanser for oily, acne-prone skin', 'جل لاروش بوزيه Effaclar المنظف الرغوي 400 مل', 'منظف لطيف للبشرة الدهنية المعرضة لحب الشباب'],
          ['Eva', 'Skin Clinic Collagen Cream 50 ml', 149, 0.1, 'Collagen day cream made in Egypt for firmer-looking skin', 'كريم إيفا Skin Clinic بالكولاجين 50 مل', 'كريم نهاري بالكولاجين صناعة مصرية لبشرة أكثر شدًا'],
        ],
      },
      {
        name: 'Hair Care',
        nameAr: 'العناية بالشعر',
        shape: 'bottle',
        hue: 300,
        blurb: '100% original, sealed, with a long expiry date.',
        blurbAr: 'أصلي 100%، مغلق، وتاريخ صلاحية طويل.',
        variants: packs,
        lines: [
          ['Pantene', 'Pro-V Repair & Protect Shampoo 400 ml', 139, 0.45, 'Pro-vitamin formula that repairs damaged hair', 'شامبو بانتين Pro-V للإصلاح والحماية 400 مل', 'تركيبة بالبروفيتامين تصلح الشعر التالف'],
          ['Head & Shoulders', 'Anti-Dandruff Shampoo 400 ml', 149, 0.45, 'Clinically proven dandruff protection with a fresh scent', 'شامبو هيد آند شولدرز ضد القشرة 400 مل', 'حماية من القشرة مثبتة إكلينيكيًا برائحة منعشة'],
          ['Dove', 'Intensive Repair Conditioner 350 ml', 129, 0.4, 'Keratin actives that nourish and strengthen hair', 'بلسم دوف للإصلاح المكثف 350 مل', 'مكونات الكيراتين التي تغذي الشعر وتقويه'],
          ["L'Oréal Paris", 'Elvive Extraordinary Oil 100 ml', 219, 0.15, 'Six flower oils that nourish and add shine without weighing hair down', 'زيت لوريال باريس إلسيف Extraordinary Oil 100 مل', 'ستة زيوت زهور تغذي الشعر وتمنحه لمعانًا بدون أن تثقله'],
          ['Garnier', 'Fructis Hair Food Mask 390 ml', 199, 0.45, 'Banana hair mask for dry hair, 98% natural origin', 'ماسك جارنييه فركتيس Hair Food 390 مل', 'ماسك بالموز للشعر الجاف، 98% مكونات طبيعية المصدر'],
        ],
      },
      {
        name: 'Personal Care',
        nameAr: 'العناية الشخصية',
        shape: 'box',
        hue: 160,
        blurb: 'Original product with the agent warranty.',
        blurbAr: 'منتج أصلي بضمان الوكيل.',
        variants: [
          ['', 1, 1, ''],
          ['Gift Set', 1.15, 1.2, 'طقم هدية'],
        ],
        lines: [
          ['Braun', 'Series 3 Electric Shaver', 3799, 0.5, 'Three flexible blades, wet & dry, with a pop-up precision trimmer', 'ماكينة حلاقة كهربائية براون Series 3', 'ثلاث شفرات مرنة للاستخدام الجاف والمبلل مع ماكينة تحديد دقيقة'],
          ['Philips', 'OneBlade Face + Body', 2499, 0.3, 'Trims, edges and shaves any length of hair', 'ماكينة فيليبس OneBlade للوجه والجسم', 'تهذب وتحدد وتحلق أي طول من الشعر'],
          ['Oral-B', 'Vitality Pro Electric Toothbrush', 1399, 0.4, 'Round brush head, 2-minute timer and three cleaning modes', 'فرشاة أسنان كهربائية أورال بي Vitality Pro', 'رأس فرشاة دائري ومؤقت دقيقتين وثلاثة أوضاع تنظيف'],
          ['Signal', 'Complete 8 Toothpaste 100 ml', 45, 0.15, 'Whitening toothpaste with fluoride for complete protection', 'معجون أسنان سيجنال Complete 8 سعة 100 مل', 'معجون مبيض بالفلورايد لحماية كاملة'],
          ['Rexona', 'Men Deodorant Spray 150 ml', 119, 0.2, '72-hour sweat and odour protection', 'مزيل عرق رجالي ريكسونا سبراي 150 مل', 'حماية من العرق والرائحة لمدة 72 ساعة'],
        ],
      },
      {
        name: 'Fragrances',
        nameAr: 'عطور',
        shape: 'perfume',
        hue: 290,
        blurb: 'Original fragrance, sealed box.',
        blurbAr: 'عطر أصلي في علبة مغلقة.',
        variants: [
          ['50 ml', 0.7, 0.7, '50 مل'],
          ['100 ml', 1, 1, '100 مل'],
          ['200 ml', 1.5, 1.7, '200 مل'],
        ],
        lines: [
          ['Calvin Klein', 'CK One Eau de Toilette', 3499, 0.35, 'Fresh citrus and green tea unisex fragrance', 'عطر كالفن كلاين CK One أو دو تواليت', 'عطر منعش للجنسين بالحمضيات والشاي الأخضر'],
          ['Lattafa', 'Khamrah Eau de Parfum', 1799, 0.4, 'Warm spicy fragrance with dates, cinnamon and praline', 'عطر لطافة خمرة أو دو بارفان', 'عطر دافئ حار بالتمر والقرفة والبرالين'],
          ['Dior', 'Sauvage Eau de Toilette', 8999, 0.4, 'Fresh spicy fragrance with Calabrian bergamot and ambroxan', 'عطر ديور سوفاج أو دو تواليت', 'عطر منعش حار بالبرغموت الكالابري والأمبروكسان'],
          ['Nina Ricci', 'Nina Eau de Toilette', 4999, 0.4, 'Fruity floral fragrance in the iconic apple bottle', 'عطر نينا ريتشي Nina أو دو تواليت', 'عطر فواكه وزهور في زجاجة التفاحة الشهيرة'],
          ['Arabian Oud', 'Kalemat Eau de Parfum', 5999, 0.45, 'Oriental fragrance with amber, oud and blueberry', 'عطر العربية للعود كلمات أو دو بارفان', 'عطر شرقي بالعنبر والعود والتوت الأزرق'],
        ],
      },
    ],
  },
  {
    name: 'Supermarket',
    nameAr: 'سوبر ماركت',
    categories: [
      {
        name: 'Beverages',
        nameAr: 'مشروبات',
        shape: 'carton',
        hue: 100,
        blurb: 'Keep in a cool, dry place; refrigerate after opening.',
        blurbAr: 'يحفظ في مكان بارد وجاف، ويوضع في الثلاجة بعد الفتح.',
        variants: [
          ['', 1, 1, ''],
          ['Pack of 6', 5.7, 6, 'عبوة 6 قطع'],
          ['Pack of 12', 11, 12, 'عبوة 12 قطعة'],
        ],
        lines: [
          ['Juhayna', 'Pure Orange Juice 1 L', 44.5, 1.05, '100% orange juice with no added sugar', 'عصير برتقال جهينة بيور 1 لتر', 'عصير برتقال 100% بدون سكر مضاف'],
          ['Juhayna', 'Pure Mango Juice 1 L', 46, 1.05, 'Made from ripe Egyptian mangoes, no preservatives', 'عصير مانجو جهينة بيور 1 لتر', 'من المانجو المصري الناضج بدون مواد حافظة'],
          ['Beyti', 'Guava Nectar 235 ml', 12.5, 0.25, 'Guava nectar in a handy lunch-box pack', 'عصير جوافة بيتي 235 مل', 'عصير جوافة في عبوة صغيرة مناسبة لشنطة المدرسة'],
          ['Pepsi', 'Soft Drink Bottle 1 L', 20, 1.05, 'Refreshing cola, best served chilled', 'مشروب غازي بيبسي زجاجة 1 لتر', 'كولا منعشة، الأفضل تقديمها مثلجة'],
          ['Nestlé', 'Pure Life Water 1.5 L', 8, 1.55, 'Natural mineral water, bottled in Egypt', 'مياه نستله بيور لايف 1.5 لتر', 'مياه معدنية طبيعية معبأة في مصر'],
        ],
      },
      {
        name: 'Snacks & Sweets',
        nameAr: 'سناكس وحلويات',
        shape: 'pouch',
        hue: 45,
        blurb: 'Check the pack for ingredients and allergens.',
        blurbAr: 'راجع العبوة لمعرفة المكونات ومسببات الحساسية.',
        variants: [
          ['', 1, 1, ''],
          ['Box of 12', 11, 12, 'علبة 12 قطعة'],
          ['Box of 24', 21, 24, 'علبة 24 قطعة'],
        ],
        lines: [
          ['Edita', 'Molto Croissant Chocolate 60 g', 10, 0.07, 'Soft croissant filled with chocolate cream', 'مولتو كرواسون شوكولاتة 60 جم من إيديتا', 'كرواسون طري محشو بكريمة الشوكولاتة'],
          ['Chipsy', 'Salt & Vinegar Potato Chips 75 g', 10, 0.08, 'Crispy potato chips with a tangy salt and vinegar flavour', 'شيبسي ملح وخل 75 جم', 'شيبس بطاطس مقرمش بطعم الملح والخل'],
          ['Edita', 'HoHos Chocolate Cake 30 g', 7.5, 0.04, 'Swiss roll cake with a cocoa coating', 'كيك هوهوز شوكولاتة 30 جم من إيديتا', 'كيك رول مغطى بالكاكاو'],
          ['Bake Rolz', 'Pizza Flavour 80 g', 12.5, 0.09, 'Baked crispy bread rolls with a pizza flavour', 'بيك رولز بطعم البيتزا 80 جم', 'أصابع خبز مقرمشة مخبوزة بطعم البيتزا'],
          ['Cadbury', 'Dairy Milk Chocolate 38 g', 20, 0.05, 'Creamy milk chocolate bar', 'شوكولاتة كادبوري ديري ميلك 38 جم', 'لوح شوكولاتة بالحليب كريمي'],
        ],
      },
      {
        name: 'Dairy & Eggs',
        nameAr: 'ألبان وبيض',
        shape: 'carton',
        hue: 55,
        blurb: 'Delivered chilled; keep refrigerated.',
        blurbAr: 'يصل مبردًا، ويحفظ في الثلاجة.',
        variants: [
          ['', 1, 1, ''],
          ['Pack of 4', 3.8, 4, 'عبوة 4 قطع'],
        ],
        lines: [
          ['Juhayna', 'Full Cream Milk 1 L', 47.5, 1.05, 'UHT full cream milk, rich in calcium', 'لبن جهينة كامل الدسم 1 لتر', 'لبن كامل الدسم معقم بتقنية UHT وغني بالكالسيوم'],
          ['Almarai', 'Fresh Milk Full Fat 1 L', 49.5, 1.05, 'Fresh pasteurised milk from Almarai farms', 'لبن المراعي طازج كامل الدسم 1 لتر', 'لبن طازج مبستر من مزارع المراعي'],
          ['Domty', 'Feta Cheese 500 g', 64, 0.55, 'Classic Egyptian white feta cheese', 'جبنة فيتا دومتي 500 جم', 'الجبنة البيضاء الفيتا المصرية الكلاسيكية'],
          ['Juhayna', 'Rayeb Fermented Milk 1 L', 39.5, 1.05, 'Traditional rayeb, naturally fermented', 'رايب جهينة 1 لتر', 'رايب تقليدي متخمر طبيعيًا'],
          ['Dina Farms', 'Fresh Eggs 30 Pieces', 169, 2, 'Fresh white eggs from Dina Farms', 'بيض طازج مزارع دينا 30 بيضة', 'بيض أبيض طازج من مزارع دينا'],
        ],
      },
      {
        name: 'Pantry',
        nameAr: 'بقالة',
        shape: 'jar',
        hue: 35,
        blurb: 'Store in a cool, dry place.',
        blurbAr: 'يحفظ في مكان بارد وجاف.',
        variants: packs,
        lines: [
          ['Isis', 'Organic Bee Honey 500 g', 179, 0.7, 'Pure organic honey from Egyptian farms', 'عسل نحل إيزيس عضوي 500 جم', 'عسل عضوي نقي من المزارع المصرية'],
          ['Crystal', 'Sunflower Oil 1.5 L', 119, 1.45, 'Pure sunflower oil for cooking and frying', 'زيت عباد الشمس كريستال 1.5 لتر', 'زيت عباد شمس نقي للطبخ والقلي'],
          ['El Doha', 'Egyptian Rice 1 kg', 35, 1, 'Premium Egyptian short-grain rice', 'أرز الضحى مصري 1 كيلو', 'أرز مصري قصير الحبة فاخر'],
          ['Lipton', 'Yellow Label Tea, 100 Bags', 129, 0.25, 'Black tea blend with a bright, rich taste', 'شاي ليبتون العلامة الصفراء، 100 فتلة', 'خلطة شاي أسود بطعم غني ومميز'],
          ['Abu Auf', 'Turkish Coffee with Cardamom 200 g', 139, 0.22, 'Medium roast coffee ground with cardamom', 'قهوة تركي أبو عوف بالحبهان 200 جم', 'قهوة محمصة تحميصًا متوسطًا مطحونة بالحبهان'],
        ],
      },
    ],
  },
  {
    name: 'Toys & Baby',
    nameAr: 'ألعاب ومستلزمات الأطفال',
    categories: [
      {
        name: 'Diapers & Wipes',
        nameAr: 'حفاضات ومناديل',
        shape: 'pouch',
        hue: 185,
        blurb: 'Original product with a long expiry date.',
        blurbAr: 'منتج أصلي بتاريخ صلاحية طويل.',
        variants: [
          ['Size 3, Jumbo Pack', 1, 1, 'مقاس 3، عبوة جامبو'],
          ['Size 4, Jumbo Pack', 1, 1, 'مقاس 4، عبوة جامبو'],
          ['Size 5, Mega Pack', 1.5, 1.5, 'مقاس 5، عبوة ميجا'],
        ],
        lines: [
          ['Pampers', 'Baby-Dry Diapers', 479, 2.5, 'Up to 12 hours of dryness with three absorbing channels', 'حفاضات بامبرز Baby-Dry', 'جفاف حتى 12 ساعة بثلاث قنوات امتصاص'],
          ['Molfix', 'Baby Diapers', 399, 2.4, '3D leak protection and a breathable, soft cover', 'حفاضات مولفكس للأطفال', 'حماية ثلاثية الأبعاد من التسريب وغطاء ناعم يسمح بمرور الهواء'],
          ['BabyJoy', 'Compressed Diamond Pad Diapers', 349, 2.3, 'Egyptian-made diapers with a diamond-pad absorbent core', 'حفاضات بيبي جوي Compressed Diamond Pad', 'حفاضات مصرية الصنع بقلب ماص بتقنية الماسة'],
          ['Huggies', 'Extra Care Diapers', 459, 2.5, 'Soft-touch cover with wetness indicator', 'حفاضات هاجيز Extra Care', 'غطاء ناعم الملمس مع مؤشر للبلل'],
          ['Pampers', 'Sensitive Baby Wipes, 4 x 52', 229, 1.6, 'Fragrance-free, alcohol-free wipes for sensitive skin', 'مناديل مبللة بامبرز Sensitive للأطفال، 4 × 52', 'مناديل بدون عطر وبدون كحول للبشرة الحساسة'],
        ],
      },
      {
        name: 'Baby Feeding & Care',
        nameAr: 'رضاعة وعناية بالطفل',
        shape: 'bottle',
        hue: 150,
        blurb: 'BPA free and safe for babies.',
        blurbAr: 'خالٍ من مادة BPA وآمن على الأطفال.',
        variants: packs,
        lines: [
          ['Philips Avent', 'Natural Feeding Bottle 260 ml', 599, 0.2, 'Wide breast-shaped nipple for easy latch-on', 'رضاعة فيليبس أفنت Natural سعة 260 مل', 'حلمة عريضة على شكل الثدي لرضاعة أسهل'],
          ["Johnson's", 'Baby Shampoo 500 ml', 169, 0.55, 'No More Tears formula, as gentle to eyes as pure water', 'شامبو جونسون للأطفال 500 مل', 'تركيبة لا دموع بعد اليوم، لطيف على العين كالماء النقي'],
          ['Chicco', 'Physio Soft Silicone Pacifier', 199, 0.05, 'Orthodontic soft silicone pacifier, 6-16 months', 'سكاتة شيكو Physio Soft سيليكون', 'سكاتة سيليكون ناعمة لتقويم الفك، من 6 إلى 16 شهرًا'],
          ['Sebamed', 'Baby Diaper Rash Cream 100 ml', 349, 0.15, 'Protects delicate skin with panthenol and zinc', 'كريم سيباميد للتسلخات للأطفال 100 مل', 'يحمي البشرة الرقيقة بالبانثينول والزنك'],
          ['Bebelac', 'Infant Formula Stage 1, 400 g', 299, 0.45, 'Infant formula for babies from birth to 6 months', 'لبن أطفال بيبيلاك مرحلة 1، 400 جم', 'حليب أطفال للرضع من الولادة حتى 6 أشهر'],
        ],
      },
      {
        name: 'Toys',
        nameAr: 'ألعاب',
        shape: 'bear',
        hue: 50,
        blurb: 'Check the recommended age on the box.',
        blurbAr: 'راجع السن المناسب المكتوب على العلبة.',
        variants: [
          ['', 1, 1, ''],
          ['Gift Wrapped', 1.08, 1.05, 'مغلف كهدية'],
        ],
        lines: [
          ['LEGO', 'Classic Creative Bricks Box', 2499, 1.2, '484 pieces in 35 colours to build anything, ages 4+', 'علبة مكعبات ليجو Classic الإبداعية', '484 قطعة بـ35 لونًا لبناء أي شيء، من سن 4 سنوات'],
          ['Barbie', 'Dreamtopia Doll', 1199, 0.4, 'Fashion doll with a colourful outfit and accessories, ages 3+', 'عروسة باربي Dreamtopia', 'عروسة أزياء بملابس ملونة وإكسسوارات، من سن 3 سنوات'],
          ['Hot Wheels', '5-Car Gift Pack', 449, 0.3, 'Five 1:64 die-cast cars, ages 3+', 'طقم هدية هوت ويلز 5 عربيات', 'خمس عربيات معدنية بمقياس 1:64، من سن 3 سنوات'],
          ['Fisher-Price', 'Laugh & Learn Smart Stages Puppy', 1599, 0.9, 'Talking puppy that teaches first words in English, 6-36 months', 'جرو فيشر برايس Laugh & Learn الذكي', 'جرو ناطق يعلم الكلمات الأولى بالإنجليزية، من 6 إلى 36 شهرًا'],
          ['Mattel', 'UNO Card Game', 149, 0.15, 'The classic card game for 2-10 players, ages 7+', 'لعبة كروت أونو من ماتيل', 'لعبة الكروت الكلاسيكية من 2 إلى 10 لاعبين، من سن 7 سنوات'],
        ],
      },
    ],
  },
  {
    name: 'Sports & Outdoors',
    nameAr: 'رياضة وأنشطة خارجية',
    categories: [
      {
        name: 'Fitness Equipment',
        nameAr: 'أدوات اللياقة',
        shape: 'dumbbell',
        hue: 0,
        blurb: 'Home-gym quality equipment with an Egyptian distributor warranty.',
        blurbAr: 'أدوات بجودة الجيم المنزلي بضمان الموزع في مصر.',
        variants: colours('Black', 'Blue', 'Red'),
        lines: [
          ['Reebok', 'Adjustable Dumbbell 10 kg', 3499, 10.5, 'Chrome bar with secure collars and weight plates', 'دمبل قابل للتعديل ريبوك 10 كيلو', 'بار كروم بأطواق تثبيت آمنة وأقراص أوزان'],
          ['Everlast', 'Yoga Mat 6 mm', 599, 1, 'Non-slip, high-density foam mat with a carry strap', 'مات يوجا إيفرلاست 6 مم', 'مات من الفوم عالي الكثافة مانع للانزلاق مع حزام للحمل'],
          ['Reebok', 'Speed Skipping Rope', 299, 0.3, 'Adjustable cable with comfortable foam handles', 'حبل نط سريع ريبوك', 'كابل قابل للتعديل بمقابض فوم مريحة'],
          ['Energetics', 'Magnetic Exercise Bike', 11999, 32, 'Eight resistance levels, LCD monitor and an adjustable seat', 'عجلة رياضية مغناطيسية إنرجتكس', 'ثماني درجات مقاومة وشاشة LCD ومقعد قابل للتعديل'],
          ['Spokey', 'Resistance Bands Set of 5', 449, 0.4, 'Five latex bands from light to extra heavy', 'طقم أحبال مقاومة سبوكي 5 قطع', 'خمسة أحبال لاتكس من الخفيف إلى الثقيل جدًا'],
        ],
      },
      {
        name: 'Sportswear',
        nameAr: 'ملابس رياضية',
        shape: 'shirt',
        hue: 130,
        blurb: 'Free exchange within 14 days.',
        blurbAr: 'استبدال مجاني خلال 14 يومًا.',
        variants: sizes('M, Black', 'L, Navy', 'XL, Grey', 'S, Red'),
        lines: [
          ['Activ', 'Men Training T-Shirt', 349, 0.2, 'Quick-dry polyester T-shirt made in Egypt', 'تي شيرت تمرين رجالي أكتيف', 'تي شيرت بوليستر سريع الجفاف صناعة مصرية'],
          ['Activ', 'Women High-Waist Leggings', 449, 0.25, 'Squat-proof stretch leggings with a hidden pocket', 'ليجن حريمي بخصر عالٍ أكتيف', 'ليجن مرن غير شفاف مع جيب مخفي'],
          ['Adidas', 'Essentials 3-Stripes Hoodie', 2199, 0.6, 'Cotton-blend fleece hoodie with the iconic 3-Stripes', 'هودي أديداس Essentials بالخطوط الثلاثة', 'هودي من خليط القطن الفليس بالخطوط الثلاثة الشهيرة'],
          ['Nike', 'Dri-FIT Running Shorts', 1199, 0.2, 'Sweat-wicking running shorts with a built-in brief', 'شورت جري نايكي Dri-FIT', 'شورت جري يطرد العرق ببطانة داخلية'],
          ['Puma', 'Teamrise Track Jacket', 2499, 0.5, 'Full-zip track jacket with dryCELL technology', 'جاكيت رياضي بوما Teamrise', 'جاكيت رياضي بسوستة كاملة بتقنية dryCELL'],
        ],
      },
    ],
  },
];

/** Demo shoppers who wrote the seeded reviews (they sign in with the shopper password). */
export const REVIEWERS: readonly { name: string; email: string; phone: string }[] = [
  { name: 'Mona Ali', email: 'mona.ali@shop.local', phone: '01001234501' },
  { name: 'Ahmed Hassan', email: 'ahmed.hassan@shop.local', phone: '01101234502' },
  { name: 'Youssef Ibrahim', email: 'youssef.ibrahim@shop.local', phone: '01201234503' },
  { name: 'Nour El-Sayed', email: 'nour.elsayed@shop.local', phone: '01001234504' },
  { name: 'Omar Farouk', email: 'omar.farouk@shop.local', phone: '01101234505' },
  { name: 'Salma Mostafa', email: 'salma.mostafa@shop.local', phone: '01201234506' },
];

/** Review texts by star rating (index 0 = 1 star). */
export const REVIEW_TEXTS: readonly (readonly (readonly [title: string, comment: string])[])[] = [
  [
    ['Not as described', 'The item I received was different from the photos and the seller took a week to answer.'],
    ['Stopped working', 'Worked for two weeks and then stopped. Waiting for the warranty service now.'],
  ],
  [
    ['Disappointed', 'Quality is lower than I expected for this price. Delivery was late too.'],
    ['Could be better', 'It does the job, but it feels cheap. I would not buy it again.'],
  ],
  [
    ['Okay for the price', 'Nothing special, but it is fine for everyday use. Delivery took four days to Alexandria.'],
    ['Average', 'Works as expected. The packaging was a bit damaged but the product was fine.'],
  ],
  [
    ['Very good', 'Good quality and arrived quickly to Nasr City. Only wish it came with better instructions.'],
    ['Happy with it', 'Does what it promises. Paid cash on delivery and the courier was on time.'],
    ['Good value', 'Great value compared to the shops in Cairo. Recommended.'],
  ],
  [
    ['Excellent, exactly as described', 'Original product, well packed and delivered to Maadi in two days. Highly recommended!'],
    ['Worth every pound', 'Excellent quality and the best price I found in Egypt. Will order again.'],
    ['Love it', 'My whole family uses it every day. Fast delivery to Giza and the courier was very polite.'],
  ],
];

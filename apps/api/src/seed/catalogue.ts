/**
 * The demo catalogue as data: departments, their categories, and per category a few product lines
 * (brand, model, base price) and variants. plan.ts crosses lines with variants to make the products,
 * so 200 products come from about 150 lines instead of 200 hand-typed literals.
 * Prices are EGP at Egyptian retail levels; weights are shipping weights in kg.
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

export type Line = readonly [brand: string, model: string, priceEgp: number, weightKg: number, features: string];
/** A variant multiplies the line's price and weight (a 256GB phone, a pack of 6); an empty label is the plain item. */
export type Variant = readonly [label: string, priceFactor: number, weightFactor: number];

export interface CategoryTemplate {
  name: string;
  shape: Shape;
  /** Hue of the category's soft tile background. */
  hue: number;
  /** A closing sentence shared by the category's descriptions. */
  blurb: string;
  variants: readonly Variant[];
  lines: readonly Line[];
}

export interface DepartmentTemplate {
  name: string;
  categories: readonly CategoryTemplate[];
}

const colours = (...labels: string[]): Variant[] => labels.map((label) => [label, 1, 1]);
const packs: Variant[] = [
  ['', 1, 1],
  ['Pack of 2', 1.9, 2],
  ['Pack of 3', 2.8, 3],
];
const sizes = (...labels: string[]): Variant[] => labels.map((label) => [label, 1, 1]);
const warranty = 'Sold with the official Egyptian agent warranty; delivery across Egypt.';

export const DEPARTMENTS: readonly DepartmentTemplate[] = [
  {
    name: 'Electronics',
    categories: [
      {
        name: 'Televisions',
        shape: 'tv',
        hue: 210,
        blurb: `Wall mount compatible (VESA). ${warranty}`,
        variants: [
          ['43 inch', 1, 1],
          ['50 inch', 1.3, 1.3],
          ['55 inch', 1.6, 1.55],
        ],
        lines: [
          ['Samsung', 'Crystal UHD 4K Smart TV CU7000', 19500, 9, 'Crystal 4K processor, HDR10+ and Tizen smart apps with built-in Wi-Fi'],
          ['LG', 'UHD 4K Smart TV UR8006', 18500, 9.5, 'α5 AI processor, webOS with Netflix, Shahid and YouTube, Magic Remote ready'],
          ['Toshiba El Araby', 'Full HD Smart TV V35MV', 10500, 7.5, 'Full HD panel, Dolby Audio and a built-in receiver for Nilesat channels'],
          ['Sharp', '4K Android TV 4T-C', 16500, 8.5, 'Android TV with Google Assistant, Chromecast built-in and 4K HDR'],
          ['Tornado', 'Full HD LED TV', 8200, 7, 'Full HD LED panel with a built-in receiver, two HDMI ports and USB playback'],
        ],
      },
      {
        name: 'Laptops',
        shape: 'laptop',
        hue: 222,
        blurb: `Windows 11 Home pre-installed, Arabic/English keyboard. ${warranty}`,
        variants: [
          ['8GB RAM, 256GB SSD', 1, 1],
          ['8GB RAM, 512GB SSD', 1.1, 1],
          ['16GB RAM, 512GB SSD', 1.25, 1],
        ],
        lines: [
          ['Lenovo', 'IdeaPad Slim 3 15IAH8, Core i5', 24500, 1.6, '15.6-inch Full HD IPS display, 12th-gen Intel Core i5 and fast-charging battery'],
          ['HP', '250 G9 Laptop, Core i3', 16500, 1.8, '15.6-inch display, Intel Core i3, numeric keypad and HD webcam'],
          ['Dell', 'Inspiron 15 3520, Core i7', 34500, 1.7, '15.6-inch 120 Hz Full HD display, Intel Core i7 and Intel Iris Xe graphics'],
          ['Apple', 'MacBook Air 13 M2', 49500, 1.24, '13.6-inch Liquid Retina display, Apple M2 chip and up to 18 hours of battery'],
          ['Asus', 'Vivobook 15 X1504, Core i5', 21500, 1.7, '15.6-inch Full HD display, fingerprint sensor and ErgoSense keyboard'],
        ],
      },
      {
        name: 'Headphones & Speakers',
        shape: 'headphones',
        hue: 265,
        blurb: 'Bluetooth 5 pairing with phones, tablets and laptops. Official warranty.',
        variants: colours('Black', 'White', 'Blue'),
        lines: [
          ['JBL', 'Tune 520BT Wireless On-Ear Headphones', 2199, 0.3, 'JBL Pure Bass sound, 57 hours of battery and multipoint connection'],
          ['Sony', 'WH-CH520 Wireless Headphones', 2499, 0.3, 'Up to 50 hours of battery, quick charge and a built-in microphone'],
          ['Samsung', 'Galaxy Buds FE', 3499, 0.2, 'Active noise cancelling, powerful bass and an ergonomic wing-tip fit'],
          ['Oraimo', 'FreePods 4 ANC Earbuds', 1299, 0.15, 'Hybrid noise cancelling, 35.5 hours with the case and fast charging'],
          ['JBL', 'Flip 6 Portable Speaker', 5499, 0.9, 'IP67 waterproof and dustproof speaker with 12 hours of playtime'],
        ],
      },
      {
        name: 'Gaming',
        shape: 'gamepad',
        hue: 250,
        blurb: `Original product, Middle East edition. ${warranty}`,
        variants: [
          ['', 1, 1],
          ['Bundle with Extra Controller', 1.15, 1.2],
        ],
        lines: [
          ['Sony', 'PlayStation 5 Slim Console', 29500, 4.5, '1TB SSD, 4K gaming at up to 120 fps and the DualSense wireless controller'],
          ['Microsoft', 'Xbox Series S Console', 17500, 3.5, '512GB SSD, 1440p gaming at up to 120 fps and Game Pass ready'],
          ['Nintendo', 'Switch OLED Console', 16500, 1.5, '7-inch OLED screen, play at home on the TV or on the go'],
          ['Sony', 'DualSense Wireless Controller', 3999, 0.5, 'Haptic feedback, adaptive triggers and a built-in microphone'],
          ['Logitech', 'G502 HERO Gaming Mouse', 2199, 0.4, '25K sensor, 11 programmable buttons and adjustable weights'],
        ],
      },
    ],
  },
  {
    name: 'Mobiles & Tablets',
    categories: [
      {
        name: 'Smartphones',
        shape: 'phone',
        hue: 200,
        blurb: `Dual SIM, works on all Egyptian networks. ${warranty}`,
        variants: [
          ['128GB, Black', 1, 1],
          ['256GB, Blue', 1.12, 1],
          ['256GB, Green', 1.12, 1],
          ['512GB, Black', 1.28, 1],
        ],
        lines: [
          ['Apple', 'iPhone 15', 52999, 0.4, '6.1-inch Super Retina XDR display, Dynamic Island, 48MP main camera and USB-C'],
          ['Samsung', 'Galaxy A15', 8499, 0.4, '6.5-inch Super AMOLED display, 50MP triple camera and a 5000 mAh battery'],
          ['Xiaomi', 'Redmi Note 13', 9999, 0.4, '6.67-inch 120 Hz AMOLED display, 108MP camera and 33W fast charging'],
          ['Oppo', 'Reno 11 F 5G', 16999, 0.4, '6.7-inch 120 Hz AMOLED display, 64MP camera and 67W SUPERVOOC charging'],
          ['Samsung', 'Galaxy S24 Ultra', 57999, 0.45, '6.8-inch QHD+ display, built-in S Pen, 200MP camera and Galaxy AI'],
          ['Realme', 'C67', 7999, 0.4, '6.72-inch 90 Hz display, 108MP camera and 33W SUPERVOOC charging'],
          ['Honor', 'X9b 5G', 16999, 0.4, '6.78-inch curved AMOLED display, ultra-bounce anti-drop design and a 5800 mAh battery'],
          ['Infinix', 'Hot 40 Pro', 7499, 0.4, '6.78-inch 120 Hz display, 108MP camera and Helio G99 processor'],
        ],
      },
      {
        name: 'Tablets',
        shape: 'tablet',
        hue: 190,
        blurb: `Arabic and English interface. ${warranty}`,
        variants: [
          ['64GB, Wi-Fi', 1, 1],
          ['128GB, Wi-Fi', 1.15, 1],
          ['128GB, 4G LTE', 1.3, 1.02],
        ],
        lines: [
          ['Apple', 'iPad 10th Generation 10.9-inch', 24999, 0.6, 'Liquid Retina display, A14 Bionic chip, USB-C and Touch ID'],
          ['Samsung', 'Galaxy Tab A9+', 10999, 0.6, '11-inch 90 Hz display, quad speakers with Dolby Atmos'],
          ['Xiaomi', 'Redmi Pad SE', 8999, 0.55, '11-inch 90 Hz display, quad speakers and an 8000 mAh battery'],
          ['Lenovo', 'Tab M10 3rd Gen', 6999, 0.5, '10.1-inch Full HD display, kids mode and dual speakers'],
          ['Honor', 'Pad X9', 9499, 0.55, '11.5-inch 120 Hz display, six speakers and a 7250 mAh battery'],
        ],
      },
      {
        name: 'Smartwatches',
        shape: 'watch',
        hue: 175,
        blurb: 'Pairs with Android and iPhone; sleep, heart-rate and workout tracking.',
        variants: colours('Black', 'Silver', 'Pink'),
        lines: [
          ['Apple', 'Watch SE 2nd Gen 40mm', 12999, 0.2, 'Crash detection, heart-rate notifications and swim-proof design'],
          ['Samsung', 'Galaxy Watch6 40mm', 9499, 0.2, 'Sapphire crystal display, body composition and advanced sleep coaching'],
          ['Huawei', 'Watch Fit 3', 5499, 0.15, '1.82-inch AMOLED display, 10-day battery and built-in GPS'],
          ['Xiaomi', 'Redmi Watch 4', 3499, 0.15, '1.97-inch AMOLED display, 20-day battery and 150+ sport modes'],
          ['Amazfit', 'Bip 5', 3199, 0.15, 'Large 1.91-inch display, Bluetooth calls and 10-day battery life'],
        ],
      },
      {
        name: 'Mobile Accessories',
        shape: 'box',
        hue: 160,
        blurb: 'Original accessories with a 12-month replacement warranty.',
        variants: colours('Black', 'White'),
        lines: [
          ['Anker', 'PowerCore 10000 Power Bank', 1099, 0.25, '10000 mAh, PowerIQ fast charging and a compact pocket size'],
          ['Samsung', '25W Super Fast Charger USB-C', 649, 0.1, 'USB-C Power Delivery charger with a 1 m USB-C cable'],
          ['Oraimo', 'Traveler 20000 mAh Power Bank', 849, 0.4, 'Charges two devices at once with 22.5W fast charging'],
          ['Baseus', 'USB-C to Lightning Cable 1m', 249, 0.05, 'Braided 20W fast-charging cable for iPhone'],
          ['Spigen', 'Liquid Air Case for iPhone 15', 699, 0.05, 'Slim shock-absorbing case with a matte, grippy finish'],
        ],
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    categories: [
      {
        name: 'Large Appliances',
        shape: 'fridge',
        hue: 30,
        blurb: `Free delivery and installation in Cairo and Giza. ${warranty}`,
        variants: colours('Silver', 'Black', 'White'),
        lines: [
          ['Toshiba El Araby', 'No Frost Refrigerator 14 ft', 24999, 62, 'No Frost cooling, digital control and a 14 ft capacity with a fresh zone'],
          ['Sharp', 'Inverter Refrigerator 18 ft', 31999, 70, 'Inverter compressor, Hybrid Cooling and a large 18 ft capacity'],
          ['Fresh', 'Automatic Washing Machine 7 kg', 12999, 60, 'Top-load fully automatic washing machine with 8 programmes and a 7 kg drum'],
          ['Zanussi', 'Front Load Washing Machine 8 kg', 20499, 68, '8 kg front loader, 1200 rpm spin and a quick 30-minute wash'],
          ['Fresh', 'Gas Cooker 5 Burners 90 cm', 12499, 48, 'Five burners, full safety and a fan-assisted gas oven'],
        ],
      },
      {
        name: 'Small Appliances',
        shape: 'kettle',
        hue: 15,
        blurb: 'Egyptian 220V plug; two-year agent warranty.',
        variants: colours('White', 'Black', 'Red'),
        lines: [
          ['Tornado', 'Electric Kettle 1.7 L 2200W', 899, 1.2, 'Stainless steel kettle with auto shut-off and a 360° base'],
          ['Moulinex', 'Blender 2 in 1 500W', 2199, 2.5, '1.5 L jar, grinder attachment and two speeds plus pulse'],
          ['Philips', 'Essential Air Fryer 4.1 L', 5499, 5, 'Rapid Air technology for crispy results with up to 90% less fat'],
          ['Tefal', 'Express Steam Iron 2400W', 1799, 1.4, 'Ceramic soleplate, 35 g/min continuous steam and anti-calc system'],
          ['Fresh', 'Vacuum Cleaner 1600W', 3499, 6, 'Bagless cyclone vacuum cleaner with HEPA filter and 2 L dust cup'],
        ],
      },
      {
        name: 'Cookware',
        shape: 'pot',
        hue: 40,
        blurb: 'Suitable for gas and electric hobs; dishwasher safe.',
        variants: colours('Red', 'Black', 'Grey'),
        lines: [
          ['Zahran', 'Stainless Steel Cookware Set 10 Pieces', 5499, 7, 'Egyptian-made 18/10 stainless steel pots with glass lids'],
          ['Tefal', 'So Chef Non-stick Frying Pan 28 cm', 899, 1, 'Titanium non-stick coating with Thermo-Spot heat indicator'],
          ['Pyrex', 'Glass Oven Dish Rectangular 2.5 L', 449, 1.4, 'Borosilicate glass safe in the oven, microwave and freezer'],
          ['Prestige', 'Pressure Cooker 6 L', 1899, 2.6, 'Aluminium pressure cooker with a safety valve and gasket'],
          ['Granit', 'Granite Cookware Set 7 Pieces', 3299, 6, 'Granite-coated pots and pan with soft-touch handles'],
        ],
      },
      {
        name: 'Air Conditioners',
        shape: 'ac',
        hue: 195,
        blurb: 'Price includes standard installation in Greater Cairo. Official agent warranty, 5 years on the compressor.',
        variants: [
          ['Cooling Only', 1, 1],
          ['Cool / Heat', 1.08, 1.02],
        ],
        lines: [
          ['Carrier', 'Optimax Split AC 1.5 HP', 27999, 38, 'Turbo cooling, self-cleaning coil and a sleep mode'],
          ['Sharp', 'Inverter Split AC 2.25 HP', 41999, 45, 'J-Tech inverter saving up to 60% energy and Plasmacluster air purification'],
          ['Tornado', 'Split AC 1.5 HP', 23999, 37, 'Fast cooling for rooms up to 16 m² with a digital remote'],
          ['LG', 'Dual Inverter Split AC 1.5 HP', 35999, 40, 'Dual inverter compressor, quiet operation and ThinQ Wi-Fi control'],
          ['Midea', 'Mission Split AC 2.25 HP', 32999, 44, 'Anti-corrosion coils, 4D auto swing and a follow-me remote'],
        ],
      },
      {
        name: 'Bedding & Bath',
        shape: 'stack',
        hue: 330,
        blurb: 'Made from 100% Egyptian cotton; machine washable.',
        variants: colours('White', 'Grey', 'Blue'),
        lines: [
          ['El Mahalla', 'Egyptian Cotton Bed Sheet Set Queen', 1299, 1.8, 'Fitted sheet, flat sheet and two pillowcases in 200-thread cotton'],
          ['El Mahalla', 'Bath Towel 70 x 140 cm', 349, 0.6, 'Soft, absorbent terry towel woven in El Mahalla El Kubra'],
          ['Home Centre', 'Memory Foam Pillow', 599, 1.1, 'Contoured memory foam for neck support with a removable cover'],
          ['IKEA', 'Duvet Medium Warm 240 x 220 cm', 1499, 2.2, 'Polyester filling suitable for Egyptian winters, easy to wash'],
          ['Cottonil', 'Bathrobe Unisex', 899, 1, 'Cotton terry bathrobe with a shawl collar and belt'],
        ],
      },
    ],
  },
  {
    name: 'Fashion',
    categories: [
      {
        name: "Men's Clothing",
        shape: 'shirt',
        hue: 230,
        blurb: 'Free exchange within 14 days.',
        variants: sizes('M, Navy', 'L, White', 'XL, Black', 'L, Olive'),
        lines: [
          ['LC Waikiki', 'Slim Fit Cotton Shirt', 449, 0.3, 'Long-sleeve cotton shirt with a button-down collar'],
          ['Defacto', 'Regular Fit Polo T-Shirt', 349, 0.25, 'Piqué cotton polo with a two-button placket'],
          ['Town Team', 'Slim Fit Jeans', 799, 0.6, 'Stretch denim jeans with a five-pocket design'],
          ['Concrete', 'Chino Trousers', 899, 0.5, 'Cotton twill chinos with a tapered leg'],
          ['LC Waikiki', 'Crew Neck Sweatshirt', 549, 0.45, 'Soft brushed fleece sweatshirt for cooler evenings'],
        ],
      },
      {
        name: "Women's Clothing",
        shape: 'shirt',
        hue: 320,
        blurb: 'Free exchange within 14 days.',
        variants: sizes('S, Beige', 'M, Black', 'L, Olive', 'M, Pink'),
        lines: [
          ['LC Waikiki', 'Floral Midi Dress', 649, 0.35, 'Flowing viscose midi dress with long sleeves and a belted waist'],
          ['Defacto', 'Oversized Knit Sweater', 549, 0.45, 'Chunky knit sweater with dropped shoulders'],
          ['Mango', 'Linen Wide-Leg Trousers', 1799, 0.4, 'Linen blend trousers with a high waist and side pockets'],
          ['Zara', 'Basic Straight Blazer', 2999, 0.7, 'Lapel-collar blazer with flap pockets and a single button'],
          ['Town Team', "Women's Mom Jeans", 849, 0.6, 'High-rise cotton denim with a relaxed fit'],
        ],
      },
      {
        name: 'Underwear & Socks',
        shape: 'pouch',
        hue: 280,
        blurb: 'Made in Egypt from combed cotton.',
        variants: sizes('M', 'L', 'XL'),
        lines: [
          ['Cottonil', 'Men Cotton Boxer, Pack of 3', 279, 0.3, 'Breathable combed cotton boxers with a soft waistband'],
          ['Dice', 'Men Undershirt, Pack of 2', 199, 0.3, 'Sleeveless cotton undershirts that stay white wash after wash'],
          ['Cottonil', 'Relax Cotton Socks, Pack of 6', 179, 0.3, 'Cushioned ankle socks with reinforced heel and toe'],
          ['Dice', 'Kids Briefs, Pack of 3', 149, 0.2, 'Soft cotton briefs with fun prints for children'],
          ['Cottonil', 'Women Seamless Briefs, Pack of 3', 229, 0.2, 'Seamless stretch cotton briefs for all-day comfort'],
        ],
      },
      {
        name: 'Shoes',
        shape: 'shoe',
        hue: 20,
        blurb: 'Free exchange of size within 14 days.',
        variants: sizes('Size 41', 'Size 42', 'Size 43', 'Size 44'),
        lines: [
          ['Adidas', 'Runfalcon 3.0 Running Shoes', 2599, 0.8, 'Lightweight mesh running shoes with Cloudfoam cushioning'],
          ['Nike', 'Revolution 7 Running Shoes', 3199, 0.8, 'Soft foam midsole and breathable knit upper'],
          ['Skechers', 'Go Walk Slip-On Shoes', 3499, 0.7, 'Slip-on walking shoes with Air-Cooled Goga Mat insoles'],
          ['Bata', 'Leather Penny Loafers', 1399, 0.9, 'Genuine leather loafers with a cushioned footbed'],
          ['Activ', 'Canvas Low-Top Sneakers', 649, 0.7, 'Everyday canvas sneakers with a rubber sole'],
        ],
      },
    ],
  },
  {
    name: 'Beauty & Health',
    categories: [
      {
        name: 'Skin Care',
        shape: 'jar',
        hue: 340,
        blurb: '100% original, sealed, with a long expiry date.',
        variants: packs,
        lines: [
          ['Nivea', 'Soft Moisturising Cream 200 ml', 159, 0.25, 'Light moisturiser with jojoba oil and vitamin E for face and body'],
          ['Garnier', 'Micellar Cleansing Water 400 ml', 229, 0.45, 'Removes make-up and cleanses without rinsing, for all skin types'],
          ['The Ordinary', 'Niacinamide 10% + Zinc 1% Serum 30 ml', 699, 0.1, 'Serum that targets blemishes and visible pores'],
          ['La Roche-Posay', 'Effaclar Purifying Foaming Gel 400 ml', 1249, 0.45, 'Gentle cleanser for oily, acne-prone skin'],
          ['Eva', 'Skin Clinic Collagen Cream 50 ml', 149, 0.1, 'Collagen day cream made in Egypt for firmer-looking skin'],
        ],
      },
      {
        name: 'Hair Care',
        shape: 'bottle',
        hue: 300,
        blurb: '100% original, sealed, with a long expiry date.',
        variants: packs,
        lines: [
          ['Pantene', 'Pro-V Repair & Protect Shampoo 400 ml', 139, 0.45, 'Pro-vitamin formula that repairs damaged hair'],
          ['Head & Shoulders', 'Anti-Dandruff Shampoo 400 ml', 149, 0.45, 'Clinically proven dandruff protection with a fresh scent'],
          ['Dove', 'Intensive Repair Conditioner 350 ml', 129, 0.4, 'Keratin actives that nourish and strengthen hair'],
          ["L'Oréal Paris", 'Elvive Extraordinary Oil 100 ml', 219, 0.15, 'Six flower oils that nourish and add shine without weighing hair down'],
          ['Garnier', 'Fructis Hair Food Mask 390 ml', 199, 0.45, 'Banana hair mask for dry hair, 98% natural origin'],
        ],
      },
      {
        name: 'Personal Care',
        shape: 'box',
        hue: 160,
        blurb: 'Original product with the agent warranty.',
        variants: [
          ['', 1, 1],
          ['Gift Set', 1.15, 1.2],
        ],
        lines: [
          ['Braun', 'Series 3 Electric Shaver', 3799, 0.5, 'Three flexible blades, wet & dry, with a pop-up precision trimmer'],
          ['Philips', 'OneBlade Face + Body', 2499, 0.3, 'Trims, edges and shaves any length of hair'],
          ['Oral-B', 'Vitality Pro Electric Toothbrush', 1399, 0.4, 'Round brush head, 2-minute timer and three cleaning modes'],
          ['Signal', 'Complete 8 Toothpaste 100 ml', 45, 0.15, 'Whitening toothpaste with fluoride for complete protection'],
          ['Rexona', 'Men Deodorant Spray 150 ml', 119, 0.2, '72-hour sweat and odour protection'],
        ],
      },
      {
        name: 'Fragrances',
        shape: 'perfume',
        hue: 290,
        blurb: 'Original fragrance, sealed box.',
        variants: [
          ['50 ml', 0.7, 0.7],
          ['100 ml', 1, 1],
          ['200 ml', 1.5, 1.7],
        ],
        lines: [
          ['Calvin Klein', 'CK One Eau de Toilette', 3499, 0.35, 'Fresh citrus and green tea unisex fragrance'],
          ['Lattafa', 'Khamrah Eau de Parfum', 1799, 0.4, 'Warm spicy fragrance with dates, cinnamon and praline'],
          ['Dior', 'Sauvage Eau de Toilette', 8999, 0.4, 'Fresh spicy fragrance with Calabrian bergamot and ambroxan'],
          ['Nina Ricci', 'Nina Eau de Toilette', 4999, 0.4, 'Fruity floral fragrance in the iconic apple bottle'],
          ['Arabian Oud', 'Kalemat Eau de Parfum', 5999, 0.45, 'Oriental fragrance with amber, oud and blueberry'],
        ],
      },
    ],
  },
  {
    name: 'Supermarket',
    categories: [
      {
        name: 'Beverages',
        shape: 'carton',
        hue: 100,
        blurb: 'Keep in a cool, dry place; refrigerate after opening.',
        variants: [
          ['', 1, 1],
          ['Pack of 6', 5.7, 6],
          ['Pack of 12', 11, 12],
        ],
        lines: [
          ['Juhayna', 'Pure Orange Juice 1 L', 44.5, 1.05, '100% orange juice with no added sugar'],
          ['Juhayna', 'Pure Mango Juice 1 L', 46, 1.05, 'Made from ripe Egyptian mangoes, no preservatives'],
          ['Beyti', 'Guava Nectar 235 ml', 12.5, 0.25, 'Guava nectar in a handy lunch-box pack'],
          ['Pepsi', 'Soft Drink Bottle 1 L', 20, 1.05, 'Refreshing cola, best served chilled'],
          ['Nestlé', 'Pure Life Water 1.5 L', 8, 1.55, 'Natural mineral water, bottled in Egypt'],
        ],
      },
      {
        name: 'Snacks & Sweets',
        shape: 'pouch',
        hue: 45,
        blurb: 'Check the pack for ingredients and allergens.',
        variants: [
          ['', 1, 1],
          ['Box of 12', 11, 12],
          ['Box of 24', 21, 24],
        ],
        lines: [
          ['Edita', 'Molto Croissant Chocolate 60 g', 10, 0.07, 'Soft croissant filled with chocolate cream'],
          ['Chipsy', 'Salt & Vinegar Potato Chips 75 g', 10, 0.08, 'Crispy potato chips with a tangy salt and vinegar flavour'],
          ['Edita', 'HoHos Chocolate Cake 30 g', 7.5, 0.04, 'Swiss roll cake with a cocoa coating'],
          ['Bake Rolz', 'Pizza Flavour 80 g', 12.5, 0.09, 'Baked crispy bread rolls with a pizza flavour'],
          ['Cadbury', 'Dairy Milk Chocolate 38 g', 20, 0.05, 'Creamy milk chocolate bar'],
        ],
      },
      {
        name: 'Dairy & Eggs',
        shape: 'carton',
        hue: 55,
        blurb: 'Delivered chilled; keep refrigerated.',
        variants: [
          ['', 1, 1],
          ['Pack of 4', 3.8, 4],
        ],
        lines: [
          ['Juhayna', 'Full Cream Milk 1 L', 47.5, 1.05, 'UHT full cream milk, rich in calcium'],
          ['Almarai', 'Fresh Milk Full Fat 1 L', 49.5, 1.05, 'Fresh pasteurised milk from Almarai farms'],
          ['Domty', 'Feta Cheese 500 g', 64, 0.55, 'Classic Egyptian white feta cheese'],
          ['Juhayna', 'Rayeb Fermented Milk 1 L', 39.5, 1.05, 'Traditional rayeb, naturally fermented'],
          ['Dina Farms', 'Fresh Eggs 30 Pieces', 169, 2, 'Fresh white eggs from Dina Farms'],
        ],
      },
      {
        name: 'Pantry',
        shape: 'jar',
        hue: 35,
        blurb: 'Store in a cool, dry place.',
        variants: packs,
        lines: [
          ['Isis', 'Organic Bee Honey 500 g', 179, 0.7, 'Pure organic honey from Egyptian farms'],
          ['Crystal', 'Sunflower Oil 1.5 L', 119, 1.45, 'Pure sunflower oil for cooking and frying'],
          ['El Doha', 'Egyptian Rice 1 kg', 35, 1, 'Premium Egyptian short-grain rice'],
          ['Lipton', 'Yellow Label Tea, 100 Bags', 129, 0.25, 'Black tea blend with a bright, rich taste'],
          ['Abu Auf', 'Turkish Coffee with Cardamom 200 g', 139, 0.22, 'Medium roast coffee ground with cardamom'],
        ],
      },
    ],
  },
  {
    name: 'Toys & Baby',
    categories: [
      {
        name: 'Diapers & Wipes',
        shape: 'pouch',
        hue: 185,
        blurb: 'Original product with a long expiry date.',
        variants: [
          ['Size 3, Jumbo Pack', 1, 1],
          ['Size 4, Jumbo Pack', 1, 1],
          ['Size 5, Mega Pack', 1.5, 1.5],
        ],
        lines: [
          ['Pampers', 'Baby-Dry Diapers', 479, 2.5, 'Up to 12 hours of dryness with three absorbing channels'],
          ['Molfix', 'Baby Diapers', 399, 2.4, '3D leak protection and a breathable, soft cover'],
          ['BabyJoy', 'Compressed Diamond Pad Diapers', 349, 2.3, 'Egyptian-made diapers with a diamond-pad absorbent core'],
          ['Huggies', 'Extra Care Diapers', 459, 2.5, 'Soft-touch cover with wetness indicator'],
          ['Pampers', 'Sensitive Baby Wipes, 4 x 52', 229, 1.6, 'Fragrance-free, alcohol-free wipes for sensitive skin'],
        ],
      },
      {
        name: 'Baby Feeding & Care',
        shape: 'bottle',
        hue: 150,
        blurb: 'BPA free and safe for babies.',
        variants: packs,
        lines: [
          ['Philips Avent', 'Natural Feeding Bottle 260 ml', 599, 0.2, 'Wide breast-shaped nipple for easy latch-on'],
          ["Johnson's", 'Baby Shampoo 500 ml', 169, 0.55, 'No More Tears formula, as gentle to eyes as pure water'],
          ['Chicco', 'Physio Soft Silicone Pacifier', 199, 0.05, 'Orthodontic soft silicone pacifier, 6-16 months'],
          ['Sebamed', 'Baby Diaper Rash Cream 100 ml', 349, 0.15, 'Protects delicate skin with panthenol and zinc'],
          ['Bebelac', 'Infant Formula Stage 1, 400 g', 299, 0.45, 'Infant formula for babies from birth to 6 months'],
        ],
      },
      {
        name: 'Toys',
        shape: 'bear',
        hue: 50,
        blurb: 'Check the recommended age on the box.',
        variants: [
          ['', 1, 1],
          ['Gift Wrapped', 1.08, 1.05],
        ],
        lines: [
          ['LEGO', 'Classic Creative Bricks Box', 2499, 1.2, '484 pieces in 35 colours to build anything, ages 4+'],
          ['Barbie', 'Dreamtopia Doll', 1199, 0.4, 'Fashion doll with a colourful outfit and accessories, ages 3+'],
          ['Hot Wheels', '5-Car Gift Pack', 449, 0.3, 'Five 1:64 die-cast cars, ages 3+'],
          ['Fisher-Price', 'Laugh & Learn Smart Stages Puppy', 1599, 0.9, 'Talking puppy that teaches first words in English, 6-36 months'],
          ['Mattel', 'UNO Card Game', 149, 0.15, 'The classic card game for 2-10 players, ages 7+'],
        ],
      },
    ],
  },
  {
    name: 'Sports & Outdoors',
    categories: [
      {
        name: 'Fitness Equipment',
        shape: 'dumbbell',
        hue: 0,
        blurb: 'Home-gym quality equipment with an Egyptian distributor warranty.',
        variants: colours('Black', 'Blue', 'Red'),
        lines: [
          ['Reebok', 'Adjustable Dumbbell 10 kg', 3499, 10.5, 'Chrome bar with secure collars and weight plates'],
          ['Everlast', 'Yoga Mat 6 mm', 599, 1, 'Non-slip, high-density foam mat with a carry strap'],
          ['Reebok', 'Speed Skipping Rope', 299, 0.3, 'Adjustable cable with comfortable foam handles'],
          ['Energetics', 'Magnetic Exercise Bike', 11999, 32, 'Eight resistance levels, LCD monitor and an adjustable seat'],
          ['Spokey', 'Resistance Bands Set of 5', 449, 0.4, 'Five latex bands from light to extra heavy'],
        ],
      },
      {
        name: 'Sportswear',
        shape: 'shirt',
        hue: 130,
        blurb: 'Free exchange within 14 days.',
        variants: sizes('M, Black', 'L, Navy', 'XL, Grey', 'S, Red'),
        lines: [
          ['Activ', 'Men Training T-Shirt', 349, 0.2, 'Quick-dry polyester T-shirt made in Egypt'],
          ['Activ', 'Women High-Waist Leggings', 449, 0.25, 'Squat-proof stretch leggings with a hidden pocket'],
          ['Adidas', 'Essentials 3-Stripes Hoodie', 2199, 0.6, 'Cotton-blend fleece hoodie with the iconic 3-Stripes'],
          ['Nike', 'Dri-FIT Running Shorts', 1199, 0.2, 'Sweat-wicking running shorts with a built-in brief'],
          ['Puma', 'Teamrise Track Jacket', 2499, 0.5, 'Full-zip track jacket with dryCELL technology'],
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

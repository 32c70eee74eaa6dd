import { RETURN_WINDOW_DAYS, type ShopDetails, type ShopPage, type ShopPageName } from '@shop/contracts';

/*
 * What the storefront shows before the owner writes their own: placeholders that read like a real Egyptian
 * shop's, so the footer and the pages are never empty. The owner replaces them in the dashboard (Shop page).
 */

export const DEFAULT_SHOP_DETAILS: ShopDetails = {
  phone: '02 2345 6789',
  whatsapp: '+201001234567',
  address: '12 Mostafa El-Nahhas St., Nasr City, Cairo',
  addressAr: '12 شارع مصطفى النحاس، مدينة نصر، القاهرة',
  commercialRegister: '123456',
  taxNumber: '123-456-789',
};

const days = RETURN_WINDOW_DAYS;

export const DEFAULT_SHOP_PAGES: Record<ShopPageName, ShopPage> = {
  delivery: {
    page: 'delivery',
    title: 'Delivery',
    titleAr: 'التوصيل',
    body: `We deliver to all 27 governorates of Egypt.

## How long it takes
- Cairo, Giza and Qalyubia: 1 to 2 working days.
- Most other governorates: 2 to 4 working days.
- Aswan, Luxor, the Red Sea, Matrouh, the New Valley and Sinai: 4 to 7 working days.

The product page shows the days for your governorate before you order.

## What it costs
The delivery fee depends on your governorate and the parcel's weight, and is shown at checkout before you pay. Paying in cash on delivery adds a small fee, also shown before you order.

## When it arrives
The courier calls you before coming. Please check the parcel in front of the courier; if it is damaged, you may refuse it and pay nothing.`,
    bodyAr: `نوصّل لكل محافظات مصر السبع والعشرين.

## مدة التوصيل
- القاهرة والجيزة والقليوبية: من يوم إلى يومي عمل.
- معظم المحافظات الأخرى: من يومين إلى أربعة أيام عمل.
- أسوان والأقصر والبحر الأحمر ومطروح والوادي الجديد وسيناء: من أربعة إلى سبعة أيام عمل.

تعرض صفحة المنتج مدة التوصيل إلى محافظتك قبل الطلب.

## تكلفة التوصيل
تختلف رسوم التوصيل باختلاف المحافظة ووزن الشحنة، وتظهر عند إتمام الطلب قبل الدفع. ويضيف الدفع نقدًا عند الاستلام رسمًا بسيطًا يظهر أيضًا قبل الطلب.

## عند الاستلام
يتصل بك المندوب قبل الوصول. افحص الشحنة أمام المندوب، وإذا وجدتها تالفة يمكنك رفض استلامها دون أن تدفع شيئًا.`,
  },
  returns: {
    page: 'returns',
    title: 'Returns and refunds',
    titleAr: 'الاسترجاع والاسترداد',
    body: `You may return what you bought within ${days} days of receiving it, as Egypt's Consumer Protection Law (No. 181 of 2018) provides.

## How to return an item
- Open Your Orders, choose the order and ask for a return, or call or message us.
- Keep the item in the state you received it, with its box, accessories and invoice.
- Our courier collects it from your address.

## Your refund
Once the item is back and checked, we refund you within 7 days: to your card for card payments, or in cash, by bank transfer or mobile wallet for cash orders.

## When a return is not possible
Items made or altered to your order, opened personal-care and hygiene products, and perishable goods cannot be returned unless they are faulty. A faulty item can always be returned or exchanged within the warranty.`,
    bodyAr: `يمكنك إرجاع ما اشتريته خلال ${days} يومًا من استلامه، وفقًا لقانون حماية المستهلك المصري (رقم 181 لسنة 2018).

## كيف ترجع منتجًا
- افتح «طلباتك» واختر الطلب واطلب الإرجاع، أو اتصل بنا أو راسلنا.
- احتفظ بالمنتج بالحالة التي استلمته بها، مع علبته وملحقاته والفاتورة.
- يستلمه مندوبنا من عنوانك.

## استرداد المبلغ
بعد وصول المنتج وفحصه نرد لك المبلغ خلال 7 أيام: على بطاقتك إن دفعت بها، أو نقدًا أو بتحويل بنكي أو على محفظة الهاتف إن دفعت عند الاستلام.

## متى لا يمكن الإرجاع
لا تُرجع المنتجات المصنوعة أو المعدلة حسب طلبك، ومنتجات العناية الشخصية المفتوحة، والسلع سريعة التلف، إلا إذا كان بها عيب. ويمكن دائمًا إرجاع المنتج المعيب أو استبداله في فترة الضمان.`,
  },
  privacy: {
    page: 'privacy',
    title: 'Privacy',
    titleAr: 'الخصوصية',
    body: `We keep only what we need to deliver your orders and look after your account, as Egypt's Personal Data Protection Law (No. 151 of 2020) requires.

## What we keep
- Your name, e-mail and mobile number, to sign you in and tell you about your orders.
- Your delivery addresses and your orders.
- Card payments are handled by our payment provider: we never see or keep your card number.
- Your national ID, only for an order of EGP 150,000 or more where we issue electronic receipts: the Tax Authority requires it on that order's receipt. It goes on that receipt and nowhere else, and our pages show no more than its last 4 digits.

## What we do with it
We use it to deliver your orders, to answer you, and, only if you agree, to tell you about offers. We never sell it. We share with couriers and payment providers only what they need to do their part, and with the Tax Authority the electronic receipt of each sale the law requires.

## Your rights
You may ask us at any time what we keep about you, to correct it, or to delete your account.`,
    bodyAr: `نحتفظ فقط بما نحتاجه لتوصيل طلباتك ورعاية حسابك، كما يشترط قانون حماية البيانات الشخصية المصري (رقم 151 لسنة 2020).

## ما نحتفظ به
- اسمك وبريدك الإلكتروني ورقم هاتفك المحمول، لتسجيل دخولك وإبلاغك بطلباتك.
- عناوين التوصيل وطلباتك.
- يتولى مزود الدفع مدفوعات البطاقات: لا نرى رقم بطاقتك ولا نحتفظ به.
- رقمك القومي، فقط للطلب بقيمة 150,000 جنيه أو أكثر حين نُصدر إيصالات إلكترونية: تشترطه مصلحة الضرائب على إيصال هذا الطلب. لا يُرسل إلا مع هذا الإيصال، ولا تعرض صفحاتنا منه سوى آخر 4 أرقام.

## ما نفعله بها
نستخدمها لتوصيل طلباتك والرد عليك، ولإبلاغك بالعروض فقط إن وافقت. لا نبيعها أبدًا، ولا نشارك شركات الشحن ومزودي الدفع إلا بما يلزمهم لأداء عملهم، ونرسل إلى مصلحة الضرائب الإيصال الإلكتروني لكل عملية بيع يشترطه القانون.

## حقوقك
يمكنك أن تطلب منا في أي وقت معرفة ما نحتفظ به عنك، أو تصحيحه، أو حذف حسابك.`,
  },
  terms: {
    page: 'terms',
    title: 'Terms of sale',
    titleAr: 'شروط البيع',
    body: `These terms apply to every order placed in this shop.

## Prices and payment
Prices are in Egyptian pounds and include VAT. You pay by card when you order, or in cash when your order arrives.

## Your order
An order is accepted when we confirm it. We may cancel an order for an item that ran out or a price shown in error; anything you paid is refunded in full.

## Returns and warranty
You may return items within ${days} days of receiving them (see Returns and refunds). Products carry the warranty stated on their page.

## Disputes
These terms are governed by Egyptian law. If we cannot settle a complaint with you, you may refer it to the Consumer Protection Agency (hotline 19588).`,
    bodyAr: `تسري هذه الشروط على كل طلب في هذا المتجر.

## الأسعار والدفع
الأسعار بالجنيه المصري وتشمل ضريبة القيمة المضافة. تدفع بالبطاقة عند الطلب، أو نقدًا عند استلام طلبك.

## طلبك
يُقبل الطلب عندما نؤكده. قد نلغي طلبًا لمنتج نفد أو لسعر ظهر خطأً، ونرد لك كامل ما دفعته.

## الاسترجاع والضمان
يمكنك إرجاع المنتجات خلال ${days} يومًا من استلامها (انظر صفحة الاسترجاع والاسترداد). وتحمل المنتجات الضمان المذكور في صفحتها.

## النزاعات
يحكم هذه الشروط القانون المصري. وإذا لم نتوصل معك إلى حل لشكواك، يمكنك اللجوء إلى جهاز حماية المستهلك (الخط الساخن 19588).`,
  },
};

import type { Arabic } from '@shop/contracts';
import type { ORDER_MAIL_LEAD, ORDER_MAIL_SUBJECT, ORDER_MAIL_TEXT } from './texts.js';

export const ORDER_MAIL_SUBJECT_AR: Arabic<typeof ORDER_MAIL_SUBJECT> = {
  placed: (ref) => `استلمنا طلبك ${ref}`,
  confirmed: (ref) => `تم تأكيد طلبك ${ref}`,
  paid: (ref) => `تم استلام الدفع للطلب ${ref}`,
  shipped: (ref) => `طلبك ${ref} في الطريق إليك`,
  delivered: (ref) => `تم توصيل طلبك ${ref}`,
  cancelled: (ref) => `تم إلغاء طلبك ${ref}`,
  return_accepted: (ref) => `تم قبول إرجاع الطلب ${ref}`,
  return_refused: (ref) => `تم رفض إرجاع الطلب ${ref}`,
  refunded: (ref) => `تم رد مبلغ الطلب ${ref}`,
  pay_reference: (ref) => `ادفع قيمة الطلب ${ref} في فوري`,
  pay_link: (ref) => `ادفع قيمة طلبك ${ref} عبر الإنترنت`,
  confirm_request: (ref) => `يرجى تأكيد طلبك ${ref}`,
  confirm_reminder: (ref) => `طلبك ${ref} ما زال بانتظار تأكيدك`,
};

export const ORDER_MAIL_LEAD_AR: Arabic<typeof ORDER_MAIL_LEAD> = {
  placed: 'شكرًا لطلبك. يتم تأكيده فور وصول الدفع.',
  confirmed: 'شكرًا لطلبك. نحن نجهزه الآن وسنراسلك مرة أخرى عند شحنه.',
  paid: 'استلمنا الدفع وتم تأكيد طلبك. سنراسلك مرة أخرى عند شحنه.',
  shipped: 'خرج طلبك من متجرنا مع شركة الشحن.',
  delivered: 'تم توصيل طلبك. إذا كان به أي مشكلة، يمكنك طلب إرجاعه من صفحة طلباتك.',
  cancelled: 'تم إلغاء طلبك. وأي مبلغ دفعته مقابله سيُرد إليك.',
  return_accepted: 'قبلنا إرجاع طلبك واستلمنا الشحنة. وسيُرد إليك المبلغ قريبًا.',
  return_refused: 'لم نتمكن من قبول الإرجاع، لذا يبقى الطلب مُسلَّمًا إليك.',
  refunded: 'تم رد مبلغ طلبك، وقد يستغرق ظهوره في حسابك بضعة أيام.',
  pay_reference: 'ادفع بهذا الرقم المرجعي في أي منفذ فوري أو في تطبيق ماي فوري. يتأكد طلبك فور الدفع.',
  pay_link:
    'شكرًا لطلبك من متجرنا. ادفع قيمة طلبك من صفحة الدفع: سجّل الدخول بالرمز الذي نرسله إلى هاتفك، ويتأكد طلبك فور الدفع.',
  confirm_request: 'شكرًا لطلبك. يرجى تأكيده أو إلغاؤه حتى لا نشحن إلا ما تريده.',
  confirm_reminder: 'لم يتم تأكيد طلبك بعد. يرجى تأكيده أو إلغاؤه لنعرف رغبتك.',
};

export const ORDER_MAIL_TEXT_AR: Arabic<typeof ORDER_MAIL_TEXT> = {
  greeting: 'مرحبًا،',
  orderNumber: (ref) => `الطلب ${ref}`,
  product: 'المنتج',
  quantity: 'الكمية',
  price: 'السعر',
  itemsTotal: 'المنتجات',
  discount: (code) => `كوبون ${code}`,
  shipping: 'الشحن',
  codFee: 'رسوم الدفع عند الاستلام',
  total: 'الإجمالي',
  trackingNumber: 'رقم التتبع',
  trackParcel: 'تتبع شحنتك',
  reason: 'السبب',
  notConfirmedInTime: 'لم يُؤكَّد في الوقت المحدد',
  paidBack: (how) => `رُدّ المبلغ ${how}`,
  refunded: 'المبلغ المردود',
  viewOrders: 'عرض طلباتك',
  eReceipt: 'إيصالك الإلكتروني لدى مصلحة الضرائب المصرية',
  eReturnReceipt: 'إيصالك الإلكتروني للمرتجع لدى مصلحة الضرائب المصرية',
  fawryReference: 'الرقم المرجعي لفوري',
  amountToPay: 'المبلغ المطلوب',
  payBy: 'ادفع قبل',
  payOnline: 'ادفع قيمة طلبك',
  confirmOrCancel: 'أكّد طلبك أو ألغه',
  signOff: 'EGP Shop',
};

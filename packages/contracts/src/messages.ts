import { formatPrice } from './money.js';
import { intlLocale, listed } from './locale.js';

/** A coupon's start or end as a shopper in Egypt reads it; rendering a message never throws, so a non-date shows as it came. */
export function cairoDay(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Africa/Cairo' }).format(at);
}

/** User-visible texts of the spec, word for word (sections 5 and 8). */
export const MSG = {
  required: 'This field is required',
  invalidName: 'Not valid name',
  invalidEmail: 'Not valid email',
  invalidPhone: 'Not valid phone',
  invalidPassword: 'Not valid password',
  noMatching: 'No matching',
  requiredField: 'Required Field',
  mustBeNumber: (field: string) => `${field} must be a \`number\` type`,
  loginFailed: 'Opps! please check data again',
  registerFailed: 'there is an error !',
  notFound404: '404 Not Found',
  noProductsFound: (search: string) => `No products found for ${search}`,
  paymentProcessing: 'Your payment is processing.',
  paymentFailed: 'Your payment was not successful, please try again.',
  paymentUnknown: 'Something went wrong.',
  paymentTimeout: 'payment session timeOut please go back to cart and remake your order',
} as const;

/** The shared rules' own texts, beyond the spec's. */
export const RULE_MSG = {
  atMostCharacters: (max: number) => `At most ${max} characters`,
  mustBePositive: (field: string) => `${field} must be greater than 0`,
  tooLarge: (field: string) => `${field} is too large`,
  mustBeWhole: (field: string) => `${field} must be a whole number`,
  cannotBeNegative: (field: string) => `${field} cannot be negative`,
  atLeastOnePiastre: (field: string) => `${field} must be at least 0.01`,
  compareAtAbovePrice: 'The price before the sale must be higher than the price',
  saleEndPast: 'The sale’s last day cannot be before today',
  saleEndNeedsSale: 'Give the price before the sale for the sale to have a last day',
  couponCode: 'A code is 3 to 32 letters, digits, - or _',
  percentRange: 'A percent is a whole number from 1 to 100',
  endsAfterStart: 'The end must come after the start',
  periodTooLong: (days: number) => `Choose a period of at most ${days} days`,
  minPriceAboveMax: 'The lowest price cannot be above the highest',
  ratingRange: 'Rating must be 1 to 5',
  invalidId: 'Not a valid id',
  invalidDate: 'Not a valid date',
  dayOutOfRange: (first: string, last: string) => `Choose a day from ${first} to ${last}`,
  invalidText: 'Not valid text',
  nothingToUpdate: 'Nothing to update',
  // Variants
  optionNeedsValues: 'An option needs at least one value',
  optionNamesRepeat: 'Each option needs a name of its own',
  optionValuesRepeat: 'Each value of an option appears once',
  optionsRequired: 'Variants need options to tell them apart',
  variantsRequired: 'A product with options needs at least one variant',
  variantOptionsMismatch: 'A variant takes one value of every option',
  variantRepeats: 'Two variants have the same options',
  skuRepeats: 'Each variant needs a SKU of its own',
  tooManyOptions: (max: number) => `A product has at most ${max} options`,
  tooManyVariants: (max: number) => `A product has at most ${max} variants`,
  // Search synonyms
  synonymWord: 'A synonym is one word of letters and digits',
  synonymGroupSize: 'A group lists 2 to 20 words',
  // Orders taken by staff
  orderNeedsItems: 'Add at least one product',
  quantityRange: (max: number) => `A quantity is a whole number from 1 to ${max}`,
  tooManyLines: (max: number) => `An order has at most ${max} lines`,
  lineRepeats: 'This product is in the order already: change its quantity instead',
  staffPaymentMethod: 'Choose cash on delivery or a payment link',
  orderSource: 'Choose where the order came from: phone, WhatsApp, Instagram or other',
  // The shop's details, pages and delivery times
  phoneNumber: 'A phone number is 3 to 20 digits, with spaces, dashes or a leading +',
  eachShopPageOnce: 'Give each page once: delivery, returns, privacy and terms',
  daysInOrder: 'The fewest days cannot be more than the most',
  // The buyer's national ID on an e-receipt
  nationalIdLength: 'A national ID is 14 digits',
  nationalIdCentury: 'A national ID starts with 2 (born in the 1900s) or 3 (born in 2000 or later)',
  nationalIdBirthDate: 'The birth date in this national ID (digits 2 to 7) is not a real date',
  nationalIdGovernorate: 'The governorate code in this national ID (digits 8 and 9) is not a known one',
  // The home page's banners
  bannerPicture: 'Upload a picture for this banner',
  bannerLink: 'A link is a page of the shop, such as /product/category/… or /searchResults/…, or empty',
  endsBeforeStarts: 'The last day cannot be before the first',
  eachBannerOnce: 'Give each banner once',
} as const;

/** What a 404 names: `notFound('Product')` answers 'Product not found'. */
export const NOT_FOUND = {
  Resource: 'Resource not found',
  Product: 'Product not found',
  Category: 'Category not found',
  Department: 'Department not found',
  Review: 'Review not found',
  Order: 'Order not found',
  User: 'User not found',
  Payment: 'Payment not found',
  Image: 'Image not found',
  Courier: 'Courier not found',
  Coupon: 'Coupon not found',
  Receipt: 'Receipt not found',
  Address: 'Address not found',
  Banner: 'Banner not found',
  Session: 'That device is not signed in any more',
} as const;
export type NotFoundSubject = keyof typeof NOT_FOUND;

/** Every other text the API answers with (errors and `{ message }` confirmations). */
export const API_MSG = {
  // Requests the server cannot read
  addressTooLong: 'This address is too long',
  addressInvalid: 'This address is not valid',
  routeNotFound: (method: string, path: string) => `Route ${method} ${path} not found`,
  invalidInput: 'Invalid input',
  invalidValue: 'Invalid value',
  // Fastify's own refusals, worded as Fastify words them.
  invalidJson: "Body is not valid JSON but content-type is set to 'application/json'",
  emptyJson: "Body cannot be empty when content-type is set to 'application/json'",
  bodyTooLarge: 'Request body is too large',
  contentLengthMismatch: 'Request body size did not match Content-Length',
  unsupportedMediaType: 'Unsupported Media Type',
  multipartRequired: 'Send this form as multipart/form-data',
  multipartUnreadable: 'The form could not be read: send it as multipart/form-data',
  imagesField: (field: string) => `Images must be sent in the ${field} field`,
  fileNameNotAllowed: 'This file name is not allowed: send the image under a plain name such as photo.png',
  fieldTooLong: (field: string) => `${field} is too long`,
  imageTooLarge: (mb: number) => `Each image must be at most ${mb} MB`,
  oneImageOnly: 'Send one image only',
  tooManyImages: (max: number) => `Send at most ${max} images`,
  imageType: 'Images must be png or jpeg',
  imageWithMarkup: 'Images must be plain png or jpeg files: this one carries a script or web page inside it',
  imageUnreadable: 'The image could not be read',
  tooManyRequests: 'Too many requests, please try again in a minute',
  tooManySignIns: 'Too many sign-in attempts, please try again later',
  codeSent: 'If this number can receive it, a code is on its way',
  wrongCode: 'Wrong or expired code',
  codeWait: (seconds: number) => `Wait ${seconds} seconds before asking for a new code`,
  tooManyCodes: 'Too many codes asked for, please try again later',
  noAddressForChannel:
    'Add the address of this channel first: a verified mobile for WhatsApp or SMS, an e-mail for e-mail',
  nameForNewAccount: 'Your name, to make your account',
  remindersStopped: 'Done: you will get no more cart reminders from EGP Shop.',
  // Server and database
  databaseUnavailable: 'Database unavailable',
  invalidIdempotencyKey: 'The Idempotency-Key header must be 8 to 255 visible characters',
  idempotencyKeyReused: 'This Idempotency-Key was sent with another order; use a new key for a new order',
  unavailable: 'The shop is briefly unavailable, please try again',
  serverError: 'Something went wrong on our side',
  alreadyExists: 'This already exists',
  stillInUse: 'This is still in use or refers to something that does not exist',
  breaksRule: 'This change would break a rule of the shop',
  // Access
  signIn: 'Please sign in',
  sessionExpired: 'Your session has expired, please sign in again',
  notAllowed: 'You are not allowed to do this',
  adminsOnly: 'Only admins can do this',
  adminsHaveNoCart: 'Admins have no cart, favourites or orders',
  // Staff
  roleNotAllowed: 'Your role does not allow this',
  accountSuspended: 'This staff account is suspended',
  roleNeedsPermission: 'Choose at least one permission',
  roleExists: 'A role with this name already exists',
  roleUnknown: 'There is no such role',
  roleBuiltIn: 'The built-in roles cannot be changed or deleted: make a role of your own instead',
  roleHeld: 'Members or invitations still hold this role: give them another role, or withdraw the invitations, first',
  emailOrPhone: 'Give an e-mail address or a mobile number, one of the two',
  invitationInvalid: 'This invitation is used, expired or unknown',
  invitationPasswordRequired: 'Enter your name and a password to make your account',
  invitationCodeRequired: 'Enter the code sent to your mobile',
  alreadyStaff: 'This account is already on the staff',
  invitationPhoneUnproven:
    'This mobile is written on an account that never confirmed it with a code: ask to be invited by e-mail instead',
  lastOwner: 'The shop must keep at least one owner who is not suspended',
  suspendYourself: 'You cannot suspend yourself: another member who manages the team can',
  notStaff: 'No staff member has this id',
  alertBeyondYourRole: 'Your role does not handle this work, so you cannot be alerted to it',
  beyondYourRole:
    'This role has permissions your own role lacks: you cannot give it, nor change a member or invitation that has it',
  // Accounts
  emailTaken: 'This e-mail is already registered',
  phoneTaken: 'This number belongs to another account',
  phoneProven: 'Your mobile is confirmed: it now signs you into this account',
  proveNewPhone: 'Confirm the new number with a code: your account has no e-mail to sign in with without it',
  wrongCredentials: 'Wrong e-mail or password',
  passwordUpdated: 'Password updated Successfully',
  accountDeleted: 'Your Account has been deleted Successfully',
  resetSent: 'If an account exists for this e-mail, a password reset link has been sent to it',
  tooManyResets: 'Too many reset links asked for this e-mail, please try again later',
  validLink: 'Valid link',
  // Catalogue
  departmentExists: 'A department with this name already exists',
  departmentInUse: 'This department still has categories; move or delete them first',
  departmentDeleted: 'Department deleted Successfully',
  categoryExists: 'This department already has a category with this name',
  categoryInUse: 'This category still has products; move or delete them first',
  categoryDeleted: 'Category Deleted Successfully',
  categoryNotInDepartment: 'This category does not belong to the chosen department',
  categoryUnknown: 'This category does not exist',
  productDeleted: 'Product Deleted Successfully',
  reviewDeleted: 'Review Deleted Successfully',
  ownReviewsOnly: 'You can only delete your own reviews',
  reviewChangedWhileAnswered: 'Its author changed the review while you answered: read it again, then answer',
  // Product import (CSV)
  importFileField: 'Send one CSV file, in the field named file',
  importTooLarge: (mb: number) => `The file must be at most ${mb} MB`,
  importNotText: 'This is not a CSV text file',
  importNotUtf8:
    'This file is not saved as UTF-8. In Excel choose Save As, then the type “CSV UTF-8 (Comma delimited)”, and upload that file',
  importUnreadable: (line: number) =>
    `The file cannot be read as CSV at line ${line}: a quote is not closed or stands inside a cell. Save it again from a spreadsheet as CSV UTF-8`,
  importMissingColumns: (columns: string) =>
    `The first line must name the columns of the product export; missing: ${columns}`,
  importUnknownColumns: (columns: string) =>
    `The first line names columns the product export does not have: ${columns}`,
  importNoRows: 'The file has no product rows',
  importTooManyRows: (max: number) => `The file has more than ${max} rows: split it into smaller files`,
  importNotCheckable: 'This import has already been applied',
  importStopped: (done: number, total: number) =>
    `The import stopped after ${done} of ${total} rows; those were applied and the rest were not. Upload the file again to finish`,
  importCellCount: (found: number, expected: number) => `This row has ${found} cells where the header has ${expected}`,
  importFormula:
    "Starts with = + - or @, which a spreadsheet runs as a formula: to keep it as text, start it with an apostrophe (')",
  importSaleDay:
    'Write the sale’s last day as year-month-day, 2026-12-31 (a spreadsheet may have rewritten it: format the column as text), or leave it empty',
  importUnknownProduct: 'No product has this id: leave the id empty to add the row as a new product',
  importRepeatedId: (line: number) => `This id is also on line ${line}`,
  importVariantRowDiffers: (line: number) =>
    `A variant's row repeats its product's columns as on line ${line}: this row's differ`,
  importVariantsOfProduct: (line: number) =>
    `The variants of the product on line ${line} are not all valid: the product is left as it is`,
  importNoDepartment: (name: string) =>
    `There is no department “${name}”: create it, or tick “Create missing departments and categories”`,
  importNoCategory: (name: string, department: string) =>
    `The department “${department}” has no category “${name}”: create it, or tick “Create missing departments and categories”`,
  importImageAddress: (origin: string) =>
    `Pictures must be addresses of pictures uploaded to this shop (${origin}/uploads/…), separated by spaces; add other pictures in the product form`,
  // Cart and orders
  variantRequired: 'Choose the options of this product first',
  variantUnknown: 'This product has no such variant',
  variantImageUnknown: 'A variant’s picture must be one of the product’s pictures',
  skuTaken: (sku: string) => `Another variant already has the SKU ${sku}`,
  variantsEmptyStock: (stock: number) =>
    `The product has ${stock} in stock and every variant here has none: confirm that it is to be out of stock`,
  outOfStock: (product: string) => `${product} is out of stock`,
  backInStockOnlyWhenOut: 'This is in stock: add it to your cart instead',
  onlyOneInStock: (product: string) => `Sorry, only 1 of ${product} is in stock`,
  onlyFewInStock: (count: number, product: string) => `Sorry, only ${count} of ${product} are in stock`,
  cartEmpty: 'Your cart is empty',
  staffPhone: 'This mobile is a staff member’s: staff members do not order through the shop',
  noCashOnDelivery: (products: readonly string[]) =>
    `Cash on delivery is not available for ${listed(products, 'en')}. Please pay by card.`,
  cashBillOverLimit: (limit: number) =>
    `Cash on delivery takes orders up to ${formatPrice(limit)}: please pay this one online.`,
  cashOrdersOpen: (count: number) =>
    `This phone number already has ${count} cash orders on their way: please pay this one online, or order again once one has arrived.`,
  cashOnlineOnly: 'Orders to this phone number are paid online: please choose a card or another way to pay online.',
  cashPhonesAsked:
    'Cash on delivery is checked for a few phone numbers a day: please pay this order online, or send it to a number you have used today.',
  someOutOfStock: 'Some products are out of stock',
  productChanged: 'A product in your cart has just changed, please check your cart and try again',
  statusChange: (from: string, to: string) => `An order that is ${from} cannot become ${to}`,
  notCancellable: 'An order cannot be cancelled once it has been shipped',
  moneyBackNotAllowed:
    'This gives the order’s money back, which your role does not allow: ask a member who gives refunds',
  depositBackNotAllowed:
    'This order’s delivery fees were paid online and cancelling it gives them back, which your role does not allow: ask a member who gives refunds to cancel it',
  notShippable: 'Only a confirmed or paid order can be shipped',
  notAwaitingConfirmation: 'This order is no longer waiting for confirmation',
  confirmationTaken: 'Another agent is calling about this order',
  confirmationNotYours: 'Take this order first: another agent holds it, or your 10 minutes are over',
  confirmationLinkInvalid: 'This confirmation link is not valid',
  notReturnable: 'An order can be returned only within 14 days of its delivery',
  returnReasonRequired: 'Please tell us why you are returning the order',
  trackingNumberRequired: 'Enter the tracking number of the shipment',
  courierFailed: 'The courier did not accept the shipment, please try again',
  shipmentBooking: 'This order’s parcel is being booked with the courier: wait a moment, then reload',
  addressFixed: 'An order’s address cannot change once it has been shipped or cancelled',
  addressWithCourier:
    'The courier was asked for this order’s parcel with the address it had: ship the order as it is, or cancel it',
  addressGovernorate:
    'The governorate sets the shipping fee: to send this order to another governorate, cancel it and place a new one',
  // Coupons
  couponExists: 'A coupon with this code already exists',
  couponLimitBelowUses: (uses: number) => `This coupon has been used ${uses} times: its limit cannot be lower`,
  couponUnknown: (code: string) => `“${code}” is not a valid coupon code`,
  couponPaused: 'This coupon cannot be used at the moment',
  couponNotStarted: (startsAt: string) => `This coupon can be used from ${cairoDay(startsAt, intlLocale('en'))}`,
  couponExpired: (endsAt: string) => `This coupon expired on ${cairoDay(endsAt, intlLocale('en'))}`,
  couponUsedUp: 'This coupon has been used up',
  couponUsedByYou: 'You have already used this coupon as many times as it allows',
  couponMinOrder: (minOrder: number) => `This coupon needs an order of at least ${formatPrice(minOrder)}`,
  couponNotApplicable: 'This coupon does not apply to the products in your cart',
  // Payments
  notAwaitingCard: 'This order is not waiting for a card payment',
  depositItem: 'Delivery fees, paid ahead (the rest is paid in cash at the door)',
  deliveryItem: 'Delivery',
  orderItem: (ref: string) => `Order #${ref}`,
  paymentStarting: 'A payment for this order is still being started, please try again in a moment',
  cardUnavailable: 'Card payment is not available right now, please try again',
  amountMismatch: 'The payment amount does not match the order',
  missingSignature: 'Missing stripe-signature header',
  invalidSignature: 'Invalid webhook signature',
  invalidWebhookSecret: 'Invalid webhook credentials',
  expectedJson: 'Expected a JSON body',
  malformedEvent: (type: string) => `Malformed ${type} event`,
  cardNumberInvalid: 'Your card number is invalid.',
  cardNumberIncomplete: 'Your card number is incomplete.',
  cardExpiryIncomplete: "Your card's expiration date is incomplete.",
  cardExpiryInvalid: "Your card's expiration date is invalid.",
  cardYearPast: "Your card's expiration year is in the past.",
  cardExpiryPast: "Your card's expiration date is in the past.",
  cardCvcIncomplete: "Your card's security code is incomplete.",
  paymentNotConfirmable: (status: string) => `This payment cannot be confirmed because it is ${status}.`,
  paymentConfirming: 'This payment is already being confirmed.',
  methodUnavailable: 'This payment method is not available',
  walletPhoneRequired: 'Enter the mobile number of your wallet',
  instalmentBelowMinimum: (minBill: number) =>
    `This instalment plan is offered for a bill of at least ${formatPrice(minBill)}`,
  referenceUnavailable: 'Fawry is not available right now, please try again',
  unknownInstalmentPlan: 'This instalment plan is not offered',
  notRefundable: 'Only a paid order not yet shipped, or a returned order, can be refunded',
  refundTooLarge: 'The refund cannot be more than the order total',
  refundMoreThanLeft: (left: number, back: number) =>
    `The refund cannot be more than the ${formatPrice(left)} left: ${formatPrice(back)} of the order total was given back already`,
  paidBackByRequired: 'Say how the money of this cash order was paid back',
  nothingCollected: 'Nothing was collected for this cash order: it came back before it was delivered',
  depositRefundTooLarge: (deposit: number) =>
    `The delivery fees given back cannot be more than the ${formatPrice(deposit)} paid online`,
  depositGivenBack: 'The delivery fees this order paid online were given back already',
  nothingOwed: 'This payment is not owed back: it was given back already, or its provider may still give it back',
  refundFailed: 'The payment provider did not accept the refund, please try again',
  refundPending:
    'A refund of this order was already sent to the payment provider; the order changes when the provider confirms it',
  refundUnanswered: (minutes: number) =>
    `The payment provider did not answer, so the refund may have gone through: the order changes when the provider confirms it. If it has not changed in ${minutes} minutes, try again`,
  refundUntold:
    'An earlier refund of this order was sent to the payment provider, which does not say whether it went through, so it was not sent again: check the payment at the provider (the audit log names it)',
  refundUntoldShopper:
    'The payment provider has not said whether your earlier refund went through, so it was not asked again: the shop is checking it with the provider',
  shipUntold:
    'An earlier refund of this order was sent to the payment provider, which does not say whether it went through, so the order was not shipped: check the payment at the provider (the audit log names it)',
  refundedBeforeShipping:
    'The payment provider says an earlier refund of this order went through, so it was not shipped: the order is cancelled',
  noRefundUnheard: 'No refund of this order sent to the payment provider is waiting to be checked',
  // E-receipts
  receiptNotInvalid: 'Only a receipt the Tax Authority found invalid can be sent again',
  receiptsNotConfigured: 'E-receipts are not set up: the POS settings and the seller details are both needed',
  nationalIdRequired: (threshold: number) =>
    `An order of ${formatPrice(threshold)} or more needs the buyer's national ID on its e-receipt, as the Tax Authority requires: please enter it.`,
  // The home page's banners
  bannerDeleted: 'Banner deleted',
  tooManyBanners: (max: number) => `A shop keeps at most ${max} banners: delete one first`,
  bannerOrderIncomplete: 'Give the new order of every banner, each once',
} as const;

/** The staff invitation e-mail. */
export const INVITE_MAIL = {
  subject: 'You are invited to the EGP Shop team',
  body: (link: string) =>
    `You are invited to join the staff of EGP Shop.\n\nOpen this link within 7 days to accept:\n${link}\n\nIf you did not expect it, ignore this e-mail.`,
} as const;

/** The password-reset e-mail. */
export const RESET_MAIL = {
  subject: 'Reset your password',
  body: (link: string) =>
    `Someone asked to reset the password of your EGP Shop account.\n\nOpen this link within 15 minutes to choose a new one:\n${link}\n\nIf it was not you, ignore this e-mail.`,
} as const;

/** To the old address when an account's e-mail changes: `to`, the new address, partly hidden. */
export const EMAIL_CHANGED_MAIL = {
  subject: 'Your EGP Shop e-mail was changed',
  body: (to: string) =>
    `The e-mail of your EGP Shop account was changed to ${to}. Password reset links and order e-mails go there now.\n\nIf it was not you, call the shop at once (its number is at the foot of every page) and we will help you get your account back.`,
} as const;

/** To the account's address when its password changes: `link`, where to ask for a new one. */
export const PASSWORD_CHANGED_MAIL = {
  subject: 'Your EGP Shop password was changed',
  body: (link: string) =>
    `The password of your EGP Shop account was changed, and it was signed out everywhere else.\n\nIf it was not you, choose a new password now:\n${link}\n\nIf it was you, there is nothing to do.`,
} as const;

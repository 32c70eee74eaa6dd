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

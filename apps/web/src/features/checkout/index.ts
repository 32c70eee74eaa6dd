/**
 * What other features use of the checkout: the way an address is printed (the invoice prints it too), the governorates'
 * names, and the shop's payment offers (the product page's instalment line).
 */
export { AddressLines } from './components/AddressLines';
export { useGovernorateNames } from './useGovernorateNames';
export { useGetPaymentConfigQuery } from './api/paymentApi';

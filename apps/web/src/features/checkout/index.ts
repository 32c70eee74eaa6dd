/** What other features use of the checkout: the way an address is printed (the invoice prints it too), the governorates' names. */
export { AddressLines } from './components/AddressLines';
export { useGovernorateNames } from './useGovernorateNames';

/**
 * What other features use of the checkout: the way an address is printed (the invoice prints it too) and typed, and
 * the governorates' names.
 */
export { AddressLines, InstructionsLine, PlaceLine } from './components/AddressLines';
// The dashboard's new order types its delivery address with the checkout's form.
export { AddressForm, blankAddress } from './components/AddressForm';
// And asks for the customer's national ID as the checkout does.
export { NationalIdField, nationalIdOf } from './components/NationalIdField';

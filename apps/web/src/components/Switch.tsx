import Form from 'react-bootstrap/Form';
import type { FormCheckProps } from 'react-bootstrap/FormCheck';

/**
 * An on/off setting drawn as a switch and announced as one ("switch, on"), not as a check box: Bootstrap's switch is
 * a check box styled, and says so to a screen reader unless told. Takes a react-hook-form `register` spread too.
 */
export function Switch(props: Omit<FormCheckProps, 'type' | 'role'>) {
  return <Form.Check {...props} type="switch" role="switch" />;
}

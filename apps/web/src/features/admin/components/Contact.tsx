import { EmailAddress } from './EmailAddress';

/** An account by its e-mail, or by its phone where it has none (made by phone): a code, left to right in Arabic too. */
export function Contact({ email, phone }: { email: string | null; phone: string | null }) {
  return <bdi dir="ltr">{email ? <EmailAddress address={email} /> : phone}</bdi>;
}

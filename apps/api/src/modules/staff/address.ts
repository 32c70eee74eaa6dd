/**
 * A member or an invitation by its address: the e-mail, or the mobile of one made by phone. It names them in the
 * audit log and says where an invitation goes.
 */
export const addressOf = (person: { email: string | null; phone: string | null }) => person.email ?? person.phone ?? '';

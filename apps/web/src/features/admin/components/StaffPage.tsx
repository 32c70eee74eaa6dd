import { useRef, useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { OWNER_ROLE, type ListedStaffInvitation, type StaffMember, type StaffRole } from '@shop/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import {
  useChangeStaffRoleMutation,
  useGetInvitationsQuery,
  useGetRolesQuery,
  useGetStaffQuery,
  useInviteStaffMutation,
  useResendInvitationMutation,
  useSetStaffSuspendedMutation,
  useWithdrawInvitationMutation,
} from '../api/staffApi';
import { useSession } from '../../auth';
import { formatDateTime } from '../format';
import { notifyOutcome } from '../notifyOutcome';
import { useConfirmed } from '../useConfirmed';
import { useRoleName } from '../roleName';
import { ConfirmDialog } from './ConfirmDialog';
import { Contact } from './Contact';
import { PageHeader } from './PageHeader';
import { RolesCard } from './RolesCard';
import { allOf, QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';

/**
 * The owner's staff screen: invite someone with a role, the invitations not yet accepted (open, or recently expired:
 * to send again or withdraw), the members (role, suspension), and the roles.
 */
export function StaffPage() {
  const { t } = useTranslation();
  const roles = useGetRolesQuery();
  const staff = useGetStaffQuery();
  const invitations = useGetInvitationsQuery();
  return (
    <>
      <PageHeader title={t('admin.staff.title')} subtitle={t('admin.staff.subtitle')} />
      <QueryState query={allOf(allOf(roles, staff), invitations)}>
        {([[roleList, members], open]) => (
          // A column of flex items, not a grid: a grid's column would grow to a wide table's width and widen the page.
          <div className="d-flex flex-column gap-4">
            <InviteCard roles={roleList} />
            <InvitationsCard invitations={open} roles={roleList} />
            <MembersCard members={members} roles={roleList} />
            <RolesCard roles={roleList} members={members} invitations={open} />
          </div>
        )}
      </QueryState>
    </>
  );
}

function InviteCard({ roles }: { roles: StaffRole[] }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const [invite, { isLoading }] = useInviteStaffMutation();
  const [by, setBy] = useState<'email' | 'phone'>('email');
  const [address, setAddress] = useState('');
  const [role, setRole] = useState('orders');
  const [link, setLink] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLink('');
    const request = invite({ [by]: address.trim(), role }).unwrap();
    if (await notifyOutcome(request, t('admin.staff.invited'))) {
      setLink((await request).url);
      setAddress('');
    }
  };

  return (
    <section className="dash-card" aria-labelledby="staff-invite-title">
      <h2 id="staff-invite-title" className="h5">
        {t('admin.staff.inviteTitle')}
      </h2>
      <Form onSubmit={(event) => void submit(event)} className="row g-3 align-items-end">
        <Form.Group className="col-12 col-md-3" controlId="staff-invite-by">
          <Form.Label>{t('admin.staff.inviteBy')}</Form.Label>
          <Form.Select value={by} onChange={(event) => setBy(event.target.value as 'email' | 'phone')}>
            <option value="email">{t('admin.staff.byEmail')}</option>
            <option value="phone">{t('admin.staff.byPhone')}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId="staff-invite-address">
          <Form.Label>{t(by === 'email' ? 'admin.staff.email' : 'admin.staff.phone')}</Form.Label>
          <Form.Control
            type={by === 'email' ? 'email' : 'tel'}
            dir="ltr"
            required
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        </Form.Group>
        <Form.Group className="col-12 col-md-3" controlId="staff-invite-role">
          <Form.Label>{t('admin.staff.role')}</Form.Label>
          <Form.Select value={role} onChange={(event) => setRole(event.target.value)}>
            {roles.map((r) => (
              <option key={r.key} value={r.key}>
                {roleName(r)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-12 col-md-2">
          <Button type="submit" disabled={isLoading} className="w-100">
            {t('admin.staff.invite')}
          </Button>
        </div>
      </Form>
      {link && <InvitationLink id="staff-invite-link" link={link} />}
    </section>
  );
}

/** The link just sent, shown to be passed on by hand too. */
function InvitationLink({ id, link }: { id: string; link: string }) {
  const { t } = useTranslation();
  return (
    <Form.Group className="mt-3" controlId={id}>
      <Form.Label>{t('admin.staff.link')}</Form.Label>
      <Form.Control readOnly dir="ltr" value={link} onFocus={(event) => event.target.select()} />
      <Form.Text>{t('admin.staff.linkHint')}</Form.Text>
    </Form.Group>
  );
}

function InvitationsCard({ invitations, roles }: { invitations: ListedStaffInvitation[]; roles: StaffRole[] }) {
  const { t, i18n } = useTranslation();
  const roleName = useRoleName();
  const [withdraw, { isLoading }] = useWithdrawInvitationMutation();
  const [resend, { isLoading: resending }] = useResendInvitationMutation();
  const [link, setLink] = useState('');
  const locale = intlLocale(i18n.language);
  const addressOf = (invitation: ListedStaffInvitation) => invitation.email ?? invitation.phone ?? '';
  const roleLabel = (key: string) => roleName(roles.find((r) => r.key === key) ?? { key, name: key });

  const title = useRef<HTMLHeadingElement>(null);
  const {
    asked,
    ask: setAsked,
    confirm,
  } = useConfirmed(
    (invitation: ListedStaffInvitation) => withdraw(invitation._id).unwrap(),
    t('admin.staff.withdrawn'),
  );

  const sendAgain = async (invitation: ListedStaffInvitation) => {
    setLink('');
    const request = resend(invitation._id).unwrap();
    if (await notifyOutcome(request, t('admin.staff.resent'))) setLink((await request).url);
  };

  return (
    <section className="dash-card p-0" aria-labelledby="staff-invitations-title">
      <h2 id="staff-invitations-title" className="h5 px-3 pt-3 mb-1" ref={title} tabIndex={-1}>
        {t('admin.staff.invitations')}
      </h2>
      <p className="px-3 small text-body-secondary">{t('admin.staff.invitationsHint')}</p>
      {invitations.length ? (
        <ScrollTable
          caption={t('admin.staff.invitations')}
          className="table dash-table dash-table-cards invitations-table align-middle mb-0"
        >
          <thead>
            <tr>
              <th scope="col">{t('admin.staff.contact')}</th>
              <th scope="col">{t('admin.staff.role')}</th>
              <th scope="col">{t('admin.staff.invitedBy')}</th>
              <th scope="col">{t('admin.staff.expires')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation._id}>
                <th scope="row" className="text-break cell-contact">
                  <Contact email={invitation.email} phone={invitation.phone} />
                </th>
                <td className="cell-role">{roleLabel(invitation.role)}</td>
                <td className="cell-by" data-label={t('admin.staff.invitedBy')}>
                  {invitation.invitedBy ?? '—'}
                </td>
                <td className="small cell-expires" data-label={t('admin.staff.expires')}>
                  <time dateTime={invitation.expiresAt} className="text-nowrap">
                    {formatDateTime(invitation.expiresAt, locale)}
                  </time>
                  {invitation.expired && (
                    <Badge bg="secondary" className="ms-2">
                      {t('admin.staff.expired')}
                    </Badge>
                  )}
                </td>
                <td className="cell-actions">
                  <div className="dash-actions">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={resending}
                      aria-label={t('admin.staff.resendOf', { address: addressOf(invitation) })}
                      onClick={() => void sendAgain(invitation)}
                    >
                      {t('admin.staff.resend')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={t('admin.staff.withdrawOf', { address: addressOf(invitation) })}
                      onClick={() => setAsked(invitation)}
                    >
                      {t('admin.staff.withdraw')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : (
        <p className="px-3 text-body-secondary">{t('admin.staff.noInvitations')}</p>
      )}
      {link && (
        <div className="px-3 pb-3">
          <InvitationLink id="staff-resent-link" link={link} />
        </div>
      )}
      <ConfirmDialog
        show={asked !== null}
        title={t('admin.staff.withdrawTitle')}
        confirmLabel={t('admin.staff.withdraw')}
        dismissLabel={t('admin.staff.keepInvitation')}
        busy={isLoading}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
        focusAfterDone={title}
      >
        <p>
          <bdi dir="ltr" className="fw-semibold text-break">
            {asked ? addressOf(asked) : ''}
          </bdi>
        </p>
        <p className="mb-0">{t('admin.staff.withdrawBody')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** Where a member or an invitation is reached, left to right on Arabic pages too: the e-mail, else the phone. */
function MembersCard({ members, roles }: { members: StaffMember[]; roles: StaffRole[] }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const [changeRole] = useChangeStaffRoleMutation();
  const [setSuspended] = useSetStaffSuspendedMutation();
  // Nobody suspends themselves (the API refuses it): the click would end their own session.
  const { user } = useSession();
  // The shop keeps one owner who is not suspended (the API answers 409): the only one is neither demoted nor suspended.
  const activeOwners = members.filter((member) => member.role === OWNER_ROLE && !member.suspended);
  const onlyOwner = activeOwners.length === 1 ? activeOwners[0]?._id : undefined;
  if (!members.length) return <EmptyState title={t('admin.staff.noMembers')} />;
  return (
    <section className="dash-card p-0" aria-labelledby="staff-members-title">
      <h2 id="staff-members-title" className="h5 p-3 mb-0">
        {t('admin.staff.members')}
      </h2>
      <ScrollTable
        caption={t('admin.staff.members')}
        className="table dash-table dash-table-cards members-table align-middle mb-0"
      >
        <thead>
          <tr>
            <th scope="col">{t('admin.staff.name')}</th>
            <th scope="col">{t('admin.staff.contact')}</th>
            <th scope="col">{t('admin.staff.role')}</th>
            <th scope="col">{t('admin.staff.state')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member._id}>
              <td className="cell-name">{member.name}</td>
              <td className="text-break small cell-contact">
                <Contact email={member.email} phone={member.phone} />
              </td>
              <td className="cell-role">
                <Form.Select
                  size="sm"
                  aria-label={t('admin.staff.roleOf', { name: member.name })}
                  disabled={member._id === onlyOwner}
                  aria-describedby={member._id === onlyOwner ? `only-owner-${member._id}` : undefined}
                  value={member.role}
                  onChange={(event) =>
                    void notifyOutcome(
                      changeRole({ id: member._id, role: event.target.value }).unwrap(),
                      t('admin.staff.roleChanged'),
                    )
                  }
                >
                  {roles.map((r) => (
                    <option key={r.key} value={r.key}>
                      {roleName(r)}
                    </option>
                  ))}
                </Form.Select>
                {member._id === onlyOwner && (
                  <p id={`only-owner-${member._id}`} className="small text-body-secondary mb-0 mt-1">
                    {t('admin.staff.onlyOwner')}
                  </p>
                )}
              </td>
              <td className="text-nowrap cell-state">
                {member.suspended && (
                  <Badge bg="warning" text="dark" className="me-2">
                    {t('admin.staff.suspended')}
                  </Badge>
                )}
                {member._id !== user?._id && member._id !== onlyOwner && (
                  <Button
                    size="sm"
                    variant={member.suspended ? 'outline-success' : 'outline-danger'}
                    onClick={() =>
                      void notifyOutcome(
                        setSuspended({ id: member._id, suspended: !member.suspended }).unwrap(),
                        t(member.suspended ? 'admin.staff.restored' : 'admin.staff.suspendedNow'),
                      )
                    }
                  >
                    {t(member.suspended ? 'admin.staff.restore' : 'admin.staff.suspend', { name: member.name })}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}

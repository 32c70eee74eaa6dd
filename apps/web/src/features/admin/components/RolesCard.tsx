import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  neededByOf,
  PERMISSIONS,
  withNeeded,
  type ListedStaffInvitation,
  type Permission,
  type StaffMember,
  type StaffRole,
} from '@shop/contracts';
import { conjunction } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { useCreateRoleMutation, useDeleteRoleMutation, useUpdateRoleMutation } from '../api/staffApi';
import { notifyOutcome } from '../notifyOutcome';
import { useConfirmed } from '../useConfirmed';
import { useRoleName } from '../roleName';
import { ConfirmDialog } from './ConfirmDialog';

interface RolesCardProps {
  roles: StaffRole[];
  members: StaffMember[];
  invitations: ListedStaffInvitation[];
}

/**
 * The roles: the built-in ones, whose permissions the code fixes, and the shop's own, which are changed in the form
 * that makes them and deleted once no member and no invitation holds them (the API refuses it before).
 */
export function RolesCard({ roles, members, invitations }: RolesCardProps) {
  const { t, i18n } = useTranslation();
  const roleName = useRoleName();
  const [createRole, { isLoading: creating }] = useCreateRoleMutation();
  const [updateRole, { isLoading: saving }] = useUpdateRoleMutation();
  const [deleteRole, { isLoading: deleting }] = useDeleteRoleMutation();
  const [editing, setEditing] = useState<StaffRole | null>(null);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Permission[]>([]);
  const nameField = useRef<HTMLInputElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // Each custom role's Edit button, to come back to when its editing is cancelled.
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const permissionName = (permission: Permission) => t(`admin.staff.permissions.${permission}`);
  // A role saved before the API added what permissions are used from: saving it again adds them.
  const lacking = (role: StaffRole) => withNeeded(role.permissions).filter((p) => !role.permissions.includes(p));
  const held = (key: string) =>
    members.some((member) => member.role === key) || invitations.some((invitation) => invitation.role === key);

  const edit = (role: StaffRole) => {
    setEditing(role);
    setName(role.name);
    setChosen(role.permissions);
    nameField.current?.focus();
  };
  const reset = () => {
    setEditing(null);
    setName('');
    setChosen([]);
  };
  const cancel = () => {
    if (editing) editButtons.current.get(editing.key)?.focus();
    reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, permissions: chosen };
    const saved = editing
      ? notifyOutcome(updateRole({ key: editing.key, ...input }).unwrap(), t('admin.staff.roleSaved'))
      : notifyOutcome(createRole(input).unwrap(), t('admin.staff.roleCreated'));
    if (await saved) reset();
  };

  const {
    asked,
    ask: setAsked,
    confirm: confirmDelete,
  } = useConfirmed(
    (role: StaffRole) => deleteRole(role.key).unwrap(),
    t('admin.staff.roleDeleted'),
    // The form no longer edits a role that is gone.
    (role) => editing?.key === role.key && reset(),
  );

  return (
    <section className="dash-card" aria-labelledby="staff-roles-title">
      <h2 id="staff-roles-title" className="h5" ref={title} tabIndex={-1}>
        {t('admin.staff.rolesTitle')}
      </h2>
      <ul className="list-unstyled mb-4">
        {roles.map((role) => {
          const lacks = lacking(role);
          return (
            <li key={role.key} className="mb-3">
              <div>
                <span className="fw-semibold">{roleName(role)}</span>
                <span className="small text-body-secondary">
                  {' · '}
                  {t('admin.staff.memberCount', { count: members.filter((m) => m.role === role.key).length })}
                </span>
              </div>
              <div className="small text-body-secondary">{role.permissions.map(permissionName).join(' · ')}</div>
              {lacks.length > 0 && (
                <p className="small text-warning-emphasis mb-0">
                  {t('admin.staff.roleLacks', {
                    permissions: conjunction(i18n.language).format(lacks.map(permissionName)),
                  })}
                </p>
              )}
              {!role.builtIn && (
                <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
                  <Button
                    ref={(button: HTMLButtonElement | null) => {
                      if (button) editButtons.current.set(role.key, button);
                      else editButtons.current.delete(role.key);
                    }}
                    size="sm"
                    variant="outline-primary"
                    aria-label={t('admin.staff.editRoleOf', { name: role.name })}
                    onClick={() => edit(role)}
                  >
                    {t('admin.staff.editRole')}
                  </Button>
                  {held(role.key) ? (
                    <span className="small text-body-secondary">{t('admin.staff.roleHeld')}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={t('admin.staff.deleteRoleOf', { name: role.name })}
                      onClick={() => setAsked(role)}
                    >
                      {t('admin.staff.deleteRole')}
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Form onSubmit={(event) => void submit(event)}>
        <h3 className="h6">
          {editing ? t('admin.staff.editRoleOf', { name: editing.name }) : t('admin.staff.newRole')}
        </h3>
        {editing && <p className="small text-body-secondary">{t('admin.staff.editingHint')}</p>}
        <Form.Group className="mb-3" controlId="staff-role-name">
          <Form.Label>{t('admin.staff.roleName')}</Form.Label>
          <Form.Control
            ref={nameField}
            required
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Form.Group>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('admin.staff.rolePermissions')}</legend>
          <div className="row row-cols-1 row-cols-md-2 g-1">
            {PERMISSIONS.map((permission) => {
              // Held while a permission chosen is used from its screen (the API saves it with them anyway).
              const neededBy = neededByOf(permission, chosen);
              const id = `staff-permission-${permission}`;
              return (
                <div key={permission}>
                  <Form.Check
                    id={id}
                    label={permissionName(permission)}
                    checked={chosen.includes(permission) || neededBy.length > 0}
                    disabled={neededBy.length > 0}
                    aria-describedby={neededBy.length ? `${id}-needed` : undefined}
                    onChange={(event) =>
                      setChosen(event.target.checked ? [...chosen, permission] : chosen.filter((p) => p !== permission))
                    }
                  />
                  {neededBy.length > 0 && (
                    <p id={`${id}-needed`} className="small text-body-secondary ms-4 mb-1">
                      {t('admin.staff.neededBy', {
                        permissions: conjunction(i18n.language).format(neededBy.map(permissionName)),
                      })}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={creating || saving || !chosen.length}>
            {t(editing ? 'admin.staff.saveRole' : 'admin.staff.createRole')}
          </Button>
          {editing && (
            <Button variant="outline-secondary" onClick={cancel}>
              {t('admin.common.cancel')}
            </Button>
          )}
        </div>
      </Form>
      <ConfirmDialog
        show={asked !== null}
        title={t('admin.staff.deleteRoleTitle', { name: asked?.name ?? '' })}
        confirmLabel={t('admin.staff.deleteRoleConfirm')}
        dismissLabel={t('admin.staff.keepRole')}
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setAsked(null)}
        focusAfterDone={title}
      >
        <p className="mb-0">{t('admin.staff.deleteRoleBody')}</p>
      </ConfirmDialog>
    </section>
  );
}

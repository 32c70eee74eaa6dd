import type {
  ListedStaffInvitation,
  NewStaffRoleInput,
  Session,
  StaffAlerts,
  StaffAlertsInput,
  StaffInvitationInput,
  StaffInvitationView,
  StaffMember,
  StaffRole,
  StaffSelf,
} from '@shop/contracts';
import { api } from '../../../api/apiSlice';
import { startSession } from '../../auth';

/** The staff: the signed-in member's own permissions, and the owner's management of roles, invitations and members. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by the user's id, so another account signing in on this tab never reads the last one's permissions. */
    getStaffSelf: build.query<StaffSelf, string>({
      query: () => '/staff/me',
      providesTags: ['Staff'],
    }),
    getRoles: build.query<StaffRole[], void>({ query: () => '/admin/roles', providesTags: ['Staff'] }),
    createRole: build.mutation<StaffRole, NewStaffRoleInput>({
      query: (body) => ({ url: '/admin/roles', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    updateRole: build.mutation<StaffRole, NewStaffRoleInput & { key: string }>({
      query: ({ key, ...body }) => ({ url: `/admin/roles/${encodeURIComponent(key)}`, method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    deleteRole: build.mutation<void, string>({
      query: (key) => ({ url: `/admin/roles/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    getStaff: build.query<StaffMember[], void>({ query: () => '/admin/staff', providesTags: ['Staff'] }),
    inviteStaff: build.mutation<{ token: string; url: string }, StaffInvitationInput>({
      query: (body) => ({ url: '/admin/staff/invitations', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    getInvitations: build.query<ListedStaffInvitation[], void>({
      query: () => '/admin/staff/invitations',
      providesTags: ['Staff'],
    }),
    resendInvitation: build.mutation<{ token: string; url: string }, string>({
      query: (id) => ({ url: `/admin/staff/invitations/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    withdrawInvitation: build.mutation<void, string>({
      query: (id) => ({ url: `/admin/staff/invitations/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    changeStaffRole: build.mutation<StaffMember, { id: string; role: string }>({
      query: ({ id, role }) => ({ url: `/admin/staff/${encodeURIComponent(id)}`, method: 'PUT', body: { role } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    setStaffSuspended: build.mutation<StaffMember, { id: string; suspended: boolean }>({
      query: ({ id, suspended }) => ({
        url: `/admin/staff/${encodeURIComponent(id)}/${suspended ? 'suspend' : 'restore'}`,
        method: 'POST',
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff']),
    }),
    /** Keyed by the user's id, as their permissions are. */
    getStaffAlerts: build.query<StaffAlerts, string>({ query: () => '/staff/me/alerts' }),
    saveStaffAlerts: build.mutation<StaffAlerts, StaffAlertsInput & { userId: string }>({
      query: ({ userId: _userId, ...body }) => ({ url: '/staff/me/alerts', method: 'PUT', body }),
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        // A refusal is the caller's to say (the mutation's own error): only what was saved goes into the page.
        const saved = await queryFulfilled.then(({ data }) => data).catch(() => null);
        if (saved) void dispatch(staffApi.util.upsertQueryData('getStaffAlerts', userId, saved));
      },
    }),
    viewInvitation: build.query<StaffInvitationView, string>({
      query: (token) => ({ url: '/staff/invitation', method: 'POST', body: { token } }),
    }),
    acceptInvitation: build.mutation<Session, { token: string; name?: string; password?: string; code?: string }>({
      query: (body) => ({ url: '/staff/accept', method: 'POST', body }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => startSession(dispatch, queryFulfilled),
    }),
  }),
});

export const {
  useGetStaffSelfQuery,
  useGetStaffAlertsQuery,
  useSaveStaffAlertsMutation,
  useGetRolesQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
  useGetStaffQuery,
  useInviteStaffMutation,
  useGetInvitationsQuery,
  useResendInvitationMutation,
  useWithdrawInvitationMutation,
  useChangeStaffRoleMutation,
  useSetStaffSuspendedMutation,
  useViewInvitationQuery,
  useAcceptInvitationMutation,
} = staffApi;

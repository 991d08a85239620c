import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminUser } from '@gurumatch/shared/schemas/admin';

import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPhone } from '../../../lib/format-contact.ts';
import { formatWhen, useAdminAction } from '../api.ts';

import { AdminList, Fact, ReasonForm } from './admin-list.tsx';

const ROLES = [
  { value: '', label: 'Everyone' },
  { value: 'teacher', label: 'Tutors' },
  { value: 'student', label: 'Students' },
  { value: 'admin', label: 'Administrators' },
] as const;

function User({ user }: { user: AdminUser }) {
  const toast = useToast();
  const action = useAdminAction<AdminUser>();
  const run = (path: string, body?: unknown, done: string = ADMIN_MESSAGES.saved) => {
    action.mutate(
      { path: `users/${String(user.id)}/${path}/`, body },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(error instanceof ApiError ? error.detail : error.message),
      },
    );
  };
  return (
    <article aria-label={user.full_name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{user.full_name}</h2>
        <span className="text-xs font-medium text-slate-600">
          {user.role}
          {user.is_premium ? ' · premium' : ''}
          {user.is_doc_verified ? ' · verified tutor' : ''}
          {user.is_active ? '' : ' · SUSPENDED'}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-4">
        <Fact label="E-mail">{user.email}</Fact>
        <Fact label="Phone">{user.phone ? formatPhone(user.phone) : '—'}</Fact>
        <Fact label="Joined">{formatWhen(user.created_at)}</Fact>
        <Fact label="Last sign-in">{formatWhen(user.last_login)}</Fact>
        {user.suspension_reason ? (
          <Fact label="Suspended for">{user.suspension_reason}</Fact>
        ) : null}
        {user.warning_count > 0 ? <Fact label="Warnings">{user.warning_count}</Fact> : null}
      </dl>
      {user.role === 'admin' ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          {user.is_active ? (
            <ReasonForm
              label="Why is this account suspended?"
              action="Suspend"
              busy={action.isPending}
              onConfirm={(reason) => run('suspend', { reason }, ADMIN_MESSAGES.suspended)}
            />
          ) : (
            <Button
              size="sm"
              variant="secondary"
              busy={action.isPending}
              onClick={() => run('reinstate', undefined, ADMIN_MESSAGES.reinstated)}
            >
              Reinstate
            </Button>
          )}
          {user.role === 'student' ? (
            <Button
              size="sm"
              variant="ghost"
              busy={action.isPending}
              onClick={() => run('premium', { is_premium: !user.is_premium })}
            >
              {user.is_premium ? 'Remove premium' : 'Mark premium'}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}

/** Everyone, searched by name, e-mail or phone. */
export function UsersPage() {
  return (
    <AdminList<AdminUser>
      resource="users"
      label="Users"
      searchLabel="Search by name, e-mail or phone"
      filter={{ name: 'role', label: 'Role', options: ROLES, initial: '' }}
      itemKey={(user) => user.id}
      renderItem={(user) => <User user={user} />}
    />
  );
}

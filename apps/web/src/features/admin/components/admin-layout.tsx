import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';

import { Notice } from '../../../components/ui/notice.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { paths } from '../../../lib/paths.ts';
import { NavLink, Outlet } from '../../../lib/router/index.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useSignedInOrLogin } from '../../auth/guards/status-redirect.tsx';

const SECTIONS = [
  { to: paths.admin, label: 'Verification', end: true },
  { to: paths.adminReports, label: 'Reports' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminPayments, label: 'Payments' },
  { to: paths.adminContent, label: 'Content' },
  { to: paths.adminPlans, label: 'Plans & coupons' },
  { to: paths.adminContactRequests, label: 'Contact inbox' },
  { to: paths.adminJobs, label: 'Failed jobs' },
  { to: paths.adminAuditLog, label: 'Audit log' },
] as const;

/** The back office frame: administrators only, one tab per job. */
export function AdminLayout() {
  const { user } = useAuth();
  const { element, userId } = useSignedInOrLogin();
  if (userId === null) return element;
  if (user?.role !== 'admin') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <Notice
          tone="warning"
          title="Not authorized"
          message="This area is for administrators."
          action={{ label: 'Go to Dashboard', to: paths.dashboard }}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-3 py-4 sm:px-4 sm:py-6">
      <PageMeta title={ADMIN_MESSAGES.title} noindex />
      <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{ADMIN_MESSAGES.title}</h1>
      {/* the tabs wrap onto a second line on a phone rather than scroll out of sight */}
      <nav aria-label="Administration" className="mt-3">
        <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={'end' in section}
                className={({ isActive }) =>
                  `block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                    isActive
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-600 hover:text-slate-900'
                  }`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">
        <Outlet />
      </div>
    </div>
  );
}

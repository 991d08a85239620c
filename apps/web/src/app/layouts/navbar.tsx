import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { CountBadge } from '../../components/ui/count-badge.tsx';
import { useAuth } from '../../features/auth/auth-provider.tsx';
import { signedInHome } from '../../features/auth/signed-in-home.ts';
import { useLeadAlerts, useLeadAlertSocket } from '../../lib/lead-alerts.ts';
import { paths } from '../../lib/paths.ts';
import { Link, NavLink, useLocation } from '../../lib/router/index.ts';

/** Tailwind's `md` breakpoint: from here on the links sit in the bar and the menu button goes. */
const DESKTOP_MEDIA_QUERY = '(min-width: 48rem)';

const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

const NAV_LINK_CLASSES = `flex min-h-11 items-center rounded-lg px-3 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-700 aria-[current=page]:text-brand-700 md:text-sm ${FOCUS_RING}`;

function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <path d="M16 7 4 13l12 6 12-6-12-6Z" className="fill-white" />
      <path
        d="M9 16v5c0 1.9 3.1 3.5 7 3.5s7-1.6 7-3.5v-5l-7 3.5L9 16Z"
        className="fill-brand-200"
      />
      <path d="M26 14v6" strokeWidth="1.6" strokeLinecap="round" className="stroke-coin-500" />
    </svg>
  );
}

const CoinBalanceLink = lazy(async () => ({
  default: (await import('../../features/auth/components/coin-balance-link.tsx')).CoinBalanceLink,
}));

const MessagesNavLink = lazy(async () => ({
  default: (await import('../../features/chat/components/messages-nav-link.tsx')).MessagesNavLink,
}));

const COIN_LINK_CLASSES = `flex min-h-11 items-center gap-2 rounded-lg border border-coin-500 bg-amber-50 px-3 text-base font-semibold text-coin-700 hover:bg-amber-100 md:text-sm ${FOCUS_RING}`;

function MenuIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      className="h-6 w-6"
    >
      {isOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

function MenuItem({ children }: { children: ReactNode }) {
  return <li className="md:flex md:items-center">{children}</li>;
}

/**
 * The fixed navigation bar. Visitors (and everyone while the session is still unknown, i.e.
 * on the server and during hydration) get registration and login links; signed-in users get
 * their pages and Logout, and teachers their coin balance. Below `md` the links fold behind a
 * menu button; the open menu locks page scrolling.
 */
export function Navbar() {
  const { status, user, logout } = useAuth();
  const signedInUser = status === 'signed-in' ? user : null;
  const isTeacher = signedInUser?.role === 'teacher';
  // students and teachers chat with each other; an administrator does not
  const chats = signedInUser?.role === 'student' || isTeacher;
  // an administrator's "Dashboard" is the back office, not a student's dashboard
  const homePath = signedInHome(signedInUser?.role);
  // a tutor's tab hears of new matching enquiries wherever it is
  useLeadAlertSocket(isTeacher);
  const newEnquiries = useLeadAlerts().pending.length;

  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const panelRef = useRef<HTMLUListElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Any navigation (a link, Back, a redirect) closes the menu.
  const { pathname } = useLocation();
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setIsMenuOpen(false);
  }

  const closeMenu = () => {
    setIsMenuOpen(false);
  };

  useEffect(() => {
    if (!isMenuOpen) return;
    document.body.classList.add('scroll-locked');

    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setIsMenuOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      buttonRef.current?.focus();
    };
    // Growing past the breakpoint hides the button, so nothing could close the menu any more.
    const desktop =
      typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP_MEDIA_QUERY) : null;
    const onViewportChange = (event: MediaQueryListEvent) => {
      if (event.matches) setIsMenuOpen(false);
    };

    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    desktop?.addEventListener('change', onViewportChange);
    return () => {
      document.body.classList.remove('scroll-locked');
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      desktop?.removeEventListener('change', onViewportChange);
    };
  }, [isMenuOpen]);

  const onLogout = () => {
    setIsMenuOpen(false);
    logout();
  };

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white shadow-sm">
      <nav
        aria-label="Main"
        className="mx-auto flex h-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link
          to={signedInUser ? homePath : paths.home}
          onClick={closeMenu}
          aria-label="GuruMatch"
          className={`flex min-h-11 items-center gap-2 rounded-lg text-xl font-extrabold tracking-tight text-slate-900 ${FOCUS_RING}`}
        >
          <LogoMark />
          <span>
            Guru<span className="text-brand-700">Match</span>
          </span>
        </Link>

        <button
          ref={buttonRef}
          type="button"
          className={`inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden ${FOCUS_RING}`}
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => {
            setIsMenuOpen((open) => !open);
          }}
        >
          <MenuIcon isOpen={isMenuOpen} />
        </button>

        <ul
          ref={panelRef}
          id={menuId}
          className={`${isMenuOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] flex-col gap-1 overflow-y-auto border-b border-slate-200 bg-white p-4 shadow-lg md:static md:flex md:max-h-none md:flex-row md:items-center md:gap-2 md:overflow-visible md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
        >
          {signedInUser ? (
            <>
              {isTeacher ? (
                <MenuItem>
                  <Suspense fallback={null}>
                    <CoinBalanceLink
                      userId={signedInUser.user_id}
                      className={COIN_LINK_CLASSES}
                      onNavigate={closeMenu}
                    />
                  </Suspense>
                </MenuItem>
              ) : null}
              <MenuItem>
                <NavLink
                  to={homePath}
                  onClick={closeMenu}
                  className={`${NAV_LINK_CLASSES} gap-2`}
                  // new enquiries heard of wait on the dashboard (and the feed)
                  aria-label={
                    newEnquiries > 0
                      ? `Dashboard, ${String(newEnquiries)} new enquiries`
                      : undefined
                  }
                >
                  Dashboard
                  <CountBadge count={newEnquiries} testId="nav-new-enquiries-badge" />
                </NavLink>
              </MenuItem>
              {chats ? (
                <MenuItem>
                  <Suspense fallback={null}>
                    <MessagesNavLink className={NAV_LINK_CLASSES} onNavigate={closeMenu} />
                  </Suspense>
                </MenuItem>
              ) : null}
              <MenuItem>
                <NavLink to={paths.profile} onClick={closeMenu} className={NAV_LINK_CLASSES}>
                  Profile
                </NavLink>
              </MenuItem>
              <MenuItem>
                <Button
                  variant="secondary"
                  onClick={onLogout}
                  className="mt-2 w-full md:mt-0 md:w-auto"
                >
                  Logout
                </Button>
              </MenuItem>
            </>
          ) : (
            <>
              <MenuItem>
                <NavLink
                  to={paths.studentRegister}
                  onClick={closeMenu}
                  className={NAV_LINK_CLASSES}
                  data-public-only=""
                >
                  Find a Tutor
                </NavLink>
              </MenuItem>
              <MenuItem>
                <NavLink
                  to={paths.teacherRegister}
                  onClick={closeMenu}
                  className={NAV_LINK_CLASSES}
                  data-public-only=""
                >
                  Signup as Teacher
                </NavLink>
              </MenuItem>
              <MenuItem>
                <ButtonLink
                  to={paths.login}
                  onClick={closeMenu}
                  className="mt-2 w-full md:mt-0 md:w-auto"
                  data-public-only=""
                >
                  Login
                </ButtonLink>
              </MenuItem>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}

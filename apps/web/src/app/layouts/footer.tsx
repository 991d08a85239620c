import type { ReactNode } from 'react';

import { useAuth } from '../../features/auth/auth-provider.tsx';
import { paths } from '../../lib/paths.ts';
import { Link } from '../../lib/router/index.ts';

const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

const LINK_CLASSES = `inline-flex min-h-11 items-center rounded text-sm text-slate-300 hover:text-white hover:underline md:min-h-9 ${FOCUS_RING}`;

interface SocialLink {
  readonly name: string;
  readonly href: string;
  readonly icon: ReactNode;
}

const ICON_PROPS = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  className: 'h-5 w-5',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/gurumatch.in',
    icon: (
      <svg {...ICON_PROPS}>
        <path d="M14.5 8H16V4.5h-2.2C11.6 4.5 10.5 6 10.5 8.2V10H8v3.5h2.5V20H14v-6.5h2.3l.5-3.5H14V8.6c0-.4.2-.6.5-.6Z" />
      </svg>
    ),
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/gurumatch.in',
    icon: (
      <svg {...ICON_PROPS}>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17 7h.01" />
      </svg>
    ),
  },
  {
    name: 'X',
    href: 'https://x.com/gurumatch_in',
    icon: (
      <svg {...ICON_PROPS}>
        <path d="M4 4l16 16M20 4 4 20" />
      </svg>
    ),
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/company/gurumatch-in',
    icon: (
      <svg {...ICON_PROPS}>
        <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
        <path d="M8 10.5V16M8 7.8v.01M11.5 16v-5.5M11.5 13c0-1.5 1-2.5 2.3-2.5S16 11.5 16 13v3" />
      </svg>
    ),
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/@gurumatch.in',
    icon: (
      <svg {...ICON_PROPS}>
        <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
        <path d="m10 9.5 4.5 2.5-4.5 2.5v-5Z" />
      </svg>
    ),
  },
];

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 flex flex-col md:gap-1">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={LINK_CLASSES}>
        {children}
      </Link>
    </li>
  );
}

/** The site footer: company, support and legal links, social pages and the copyright line. */
export function Footer() {
  const { status } = useAuth();
  const isVisitor = status !== 'signed-in';
  const year = new Date().getFullYear();

  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 md:grid-cols-[1.5fr_1fr_1fr_1fr]">
          <div>
            <p className="text-xl font-extrabold tracking-tight text-white">GuruMatch</p>
            <p className="mt-3 max-w-xs text-sm leading-6 text-slate-300">
              Verified home and online tutors for every class and subject, matched to students and
              parents across India.
            </p>
            <ul className="mt-5 flex flex-wrap gap-2">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`GuruMatch on ${social.name}`}
                    className={`inline-flex h-11 w-11 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-brand-700 hover:text-white ${FOCUS_RING}`}
                  >
                    {social.icon}
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:contents">
            <FooterColumn title="Company">
              <FooterLink to={paths.about}>About Us</FooterLink>
              <FooterLink to={paths.blogs}>Blogs</FooterLink>
            </FooterColumn>
            <FooterColumn title="Support">
              <FooterLink to={paths.contactUs}>Contact Us</FooterLink>
              <FooterLink to={paths.faqs}>FAQs</FooterLink>
              {isVisitor ? (
                <li data-public-only="">
                  <Link to={paths.forgotPassword} className={LINK_CLASSES}>
                    Forgot Password
                  </Link>
                </li>
              ) : null}
            </FooterColumn>
            <FooterColumn title="Legal">
              <FooterLink to={paths.termsOfUse}>Terms of Use</FooterLink>
              <FooterLink to={paths.privacyPolicy}>Privacy Policy</FooterLink>
              <FooterLink to={paths.refundPolicy}>Cancellation and Refund Policy</FooterLink>
            </FooterColumn>
          </div>
        </div>

        <p className="mt-10 border-t border-slate-700 pt-6 text-sm text-slate-400">
          © {year} GuruMatch. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

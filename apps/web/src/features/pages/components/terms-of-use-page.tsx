import {
  DISPUTE_MEDIATION_DAYS,
  GST_PERCENT,
  MINIMUM_AGE_YEARS,
  PLAN_VALIDITY_DAYS,
  SESSION_CANCELLATION_NOTICE_HOURS,
} from '@gurumatch/shared/constants';
import { Link } from 'react-router';

import { paths } from '../../../lib/paths.ts';
import {
  GRIEVANCE_ACKNOWLEDGE_HOURS,
  GRIEVANCE_OFFICER,
  GRIEVANCE_RESOLUTION_DAYS,
  LIABILITY_LOOKBACK_MONTHS,
  SUPPORT_CITY,
} from '../support.ts';

import {
  MailLink,
  PolicyContactBlock,
  PolicyDocument,
  type PolicySection,
} from './policy-document.tsx';

const SECTIONS: readonly PolicySection[] = [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    body: (
      <>
        <p>
          These Terms of Use (the &ldquo;Terms&rdquo;) are an agreement between you and GuruMatch
          (&ldquo;GuruMatch&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;), {SUPPORT_CITY}. By creating
          an account or using the website, you accept these Terms, our{' '}
          <Link to={paths.privacyPolicy}>Privacy Policy</Link> and our{' '}
          <Link to={paths.refundPolicy}>Cancellation and Refund Policy</Link>. If you do not agree,
          please do not use GuruMatch.
        </p>
        <p>
          These Terms are an electronic record under the Information Technology Act, 2000 and do not
          need a physical or digital signature.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'What GuruMatch does',
    body: (
      <>
        <p>
          GuruMatch is a marketplace. Students and parents post tuition enquiries; tutors and
          coaching institutes build profiles, get verified, browse enquiries and spend Coins to
          unlock a student&rsquo;s contact details and respond. Our AI-powered matching suggests
          suitable tutors, and premium students receive priority matching.
        </p>
        <p>
          GuruMatch is not a tutor, a school or an employer of tutors, and is not a party to any
          tuition arrangement. Students and tutors agree the schedule, fees and terms of tuition
          directly with each other, and tuition fees are paid directly to the tutor.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use GuruMatch',
    body: (
      <p>
        You must be at least <strong>{MINIMUM_AGE_YEARS} years old</strong> and able to enter into a
        binding contract under Indian law. Anyone younger than {MINIMUM_AGE_YEARS} may use GuruMatch
        only under the supervision of a parent or lawful guardian, who creates and manages the
        account, accepts these Terms on the minor&rsquo;s behalf and is responsible for its use.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate, current and complete information, and keep it up to date.</li>
        <li>
          Keep one account per person or institute, and verify your e-mail address and phone number
          when asked.
        </li>
        <li>
          Keep your password confidential. You are responsible for everything done through your
          account; tell us at once if you think someone else is using it.
        </li>
        <li>Do not sell, transfer or share your account.</li>
      </ul>
    ),
  },
  {
    id: 'students',
    title: 'For students and parents',
    body: (
      <ul>
        <li>Post genuine enquiries that describe the tuition you need.</li>
        <li>
          Check a tutor&rsquo;s identity, qualifications and references before starting classes, and
          make sure a parent or guardian is present or aware when a minor is taught.
        </li>
        <li>
          Treat tutors with respect, pay the fees you agree on time, and review tutors honestly.
        </li>
      </ul>
    ),
  },
  {
    id: 'tutors',
    title: 'For tutors and coaching institutes',
    body: (
      <ul>
        <li>
          Describe your qualifications, experience and fees truthfully, and submit genuine documents
          for verification. Verification confirms the documents we were shown; it is not a guarantee
          of teaching quality.
        </li>
        <li>
          <strong>Keep student data confidential.</strong> Use a student&rsquo;s contact details
          only to respond to that enquiry and to provide tuition. Never share, sell, publish or
          reuse them for marketing.
        </li>
        <li>
          Behave professionally and safely, especially with children; follow all applicable laws,
          including those protecting children.
        </li>
        <li>You are responsible for your own taxes on the fees you earn.</li>
      </ul>
    ),
  },
  {
    id: 'coins',
    title: 'Coins and plans',
    body: (
      <>
        <p>
          Tutors use virtual <strong>Coins</strong> to unlock enquiries. Coins are sold in plans,
          each valid from the date of purchase for:
        </p>
        <ul>
          <li>3-month plan: {PLAN_VALIDITY_DAYS.three_months} days;</li>
          <li>6-month plan: {PLAN_VALIDITY_DAYS.six_months} days;</li>
          <li>1-year plan: {PLAN_VALIDITY_DAYS.one_year} days.</li>
        </ul>
        <p>
          <strong>
            Coins expire with the plan they came with, and expired coins cannot be reinstated.
          </strong>{' '}
          Coins have no cash value, cannot be transferred or exchanged, and are not refundable
          except as set out in our{' '}
          <Link to={paths.refundPolicy}>Cancellation and Refund Policy</Link>.
        </p>
        <p>
          Coins may be bought <strong>only through GuruMatch&rsquo;s official channels</strong>: the
          plans page of this website, paid through our payment partner. Coins obtained in any other
          way are void, and the account may be suspended. Prices are shown in Indian Rupees and
          include GST at {GST_PERCENT}% where stated. Spending Coins to unlock an enquiry is final
          once the contact details have been shown to you.
        </p>
      </>
    ),
  },
  {
    id: 'sessions',
    title: 'Sessions and cancellations',
    body: (
      <p>
        Students and tutors schedule sessions between themselves. Either side should give at least{' '}
        <strong>{SESSION_CANCELLATION_NOTICE_HOURS} hours&rsquo; notice</strong> to cancel or
        reschedule a session. Repeated late cancellations or no-shows reported to us may lead to
        warnings or suspension. Refunds of Coins are covered by our Cancellation and Refund Policy;
        tuition fees are settled between the student and the tutor.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'What you must not do',
    body: (
      <ul>
        <li>post false, misleading, offensive, discriminatory or unlawful content;</li>
        <li>harass, threaten or exploit anyone, or behave inappropriately with a minor;</li>
        <li>impersonate anyone, or create accounts by automated means;</li>
        <li>
          collect other users&rsquo; data by scraping, or use contact details for anything but the
          tuition enquiry they were unlocked for;
        </li>
        <li>
          take conversations off GuruMatch to avoid paying for Coins, or trade Coins outside our
          official channels;
        </li>
        <li>
          interfere with the security or working of the service, or try to access what you are not
          allowed to.
        </li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'Content, reviews and intellectual property',
    body: (
      <>
        <p>
          The GuruMatch name, logo, website design, software, blog posts and FAQs belong to us or
          our licensors. You may use them only to use GuruMatch as intended.
        </p>
        <p>
          You keep ownership of what you post (profiles, enquiries, reviews, messages) and give us a
          non-exclusive, royalty-free licence to host, show and process it to run the service. We
          may remove content, including reviews, that breaks these Terms or the law, and we act on
          reports from users and on lawful orders.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Services of other companies',
    body: (
      <p>
        Payments are processed by our payment partner, maps and addresses by a maps provider, and
        one-time codes are delivered by messaging providers. Their own terms apply to their
        services, and we are not responsible for services we do not control.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        We work to keep GuruMatch accurate and available, but the service is provided &ldquo;as
        is&rdquo;. We do not guarantee that a tutor will be found for every enquiry, that an enquiry
        will lead to tuition, or any particular academic result. We are not responsible for what
        tutors and students say or do, though we will act on reports of misconduct.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          To the fullest extent the law allows, GuruMatch is not liable for indirect, incidental,
          special or consequential losses, or for loss of profits, data or opportunity.
        </p>
        <p>
          Our total liability to you for all claims arising from GuruMatch is limited to{' '}
          <strong>
            the amount you paid to GuruMatch in the {LIABILITY_LOOKBACK_MONTHS} months before the
            event giving rise to the claim
          </strong>
          . Nothing in these Terms limits liability that cannot be limited under Indian law, or your
          rights as a consumer under the Consumer Protection Act, 2019.
        </p>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    body: (
      <p>
        You agree to compensate GuruMatch for losses and reasonable costs arising from your breach
        of these Terms, your misuse of the service or your violation of the rights of another
        person.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing accounts',
    body: (
      <p>
        You may close your account at any time. We may warn, suspend or close an account that breaks
        these Terms or the law, or puts other users at risk, and we will tell you why unless the law
        or safety prevents it. Coins in a closed account lapse, except as our Cancellation and
        Refund Policy provides.
      </p>
    ),
  },
  {
    id: 'disputes',
    title: 'Governing law and disputes',
    body: (
      <>
        <p>These Terms are governed by the laws of India.</p>
        <p>
          If a dispute arises, please first write to us so we can try to resolve it. If it is not
          resolved, the parties will attempt{' '}
          <strong>mediation for {DISPUTE_MEDIATION_DAYS} days</strong>. If mediation does not settle
          the dispute within that time, it will be referred to <strong>arbitration</strong> by a
          sole arbitrator under the Arbitration and Conciliation Act, 1996, with the seat and venue
          in Bengaluru and proceedings in English.
        </p>
        <p>
          Subject to the above, the courts at <strong>Bengaluru, Karnataka</strong> have exclusive
          jurisdiction. This does not take away any right you have to approach a consumer
          commission.
        </p>
      </>
    ),
  },
  {
    id: 'grievances',
    title: 'Grievance Officer',
    body: (
      <p>
        Complaints about content, accounts or these Terms can be sent to our{' '}
        {GRIEVANCE_OFFICER.title} at <MailLink address={GRIEVANCE_OFFICER.email} />. We acknowledge
        complaints within {GRIEVANCE_ACKNOWLEDGE_HOURS} hours and resolve them within{' '}
        {GRIEVANCE_RESOLUTION_DAYS} days.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may change these Terms. The date at the top shows the latest version, and we will give
        notice of important changes by e-mail or on the website before they apply. Continuing to use
        GuruMatch after that means you accept the new Terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: <PolicyContactBlock />,
  },
];

/** `/terms-of-use`. */
export function TermsOfUsePage() {
  return (
    <PolicyDocument
      title="Terms of Use"
      description="The terms for using GuruMatch: accounts, eligibility, Coins and plans, sessions, acceptable use, liability, and how disputes are resolved under Indian law."
      path={paths.termsOfUse}
      intro={
        <p>
          Please read these Terms carefully. They explain how GuruMatch works, what we expect from
          students, parents, tutors and coaching institutes, and what you can expect from us.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

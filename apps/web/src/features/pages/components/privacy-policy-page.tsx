import {
  BREACH_NOTIFICATION_HOURS,
  DATA_RETENTION_MONTHS,
  MINIMUM_AGE_YEARS,
} from '@gurumatch/shared/constants';
import { Link } from 'react-router';

import { paths } from '../../../lib/paths.ts';
import {
  GRIEVANCE_ACKNOWLEDGE_HOURS,
  GRIEVANCE_OFFICER,
  GRIEVANCE_RESOLUTION_DAYS,
  SUPPORT_CITY,
  SUPPORT_EMAIL,
  SUPPORT_HOURS,
} from '../support.ts';

import {
  MailLink,
  PolicyContactBlock,
  PolicyDocument,
  type PolicySection,
} from './policy-document.tsx';

const SECTIONS: readonly PolicySection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are and what this policy covers',
    body: (
      <>
        <p>
          GuruMatch (&ldquo;GuruMatch&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) runs an online
          marketplace, based in {SUPPORT_CITY}, that connects students and parents with tutors and
          coaching institutes for home and online tuition. For the personal data described here, we
          are the <strong>Data Fiduciary</strong> under the Digital Personal Data Protection Act,
          2023 (the &ldquo;DPDP Act&rdquo;), and we also follow the Information Technology Act, 2000
          and the rules made under it.
        </p>
        <p>
          This policy applies to everyone who visits our website or uses our services: visitors,
          students, parents and guardians, tutors and coaching institutes. In this policy,
          &ldquo;you&rdquo; means you as a <strong>Data Principal</strong>, the person the data is
          about.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The personal data we collect',
    body: (
      <>
        <h3>Data you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> full name, e-mail address, password (stored only as a
            salted hash) and whether you join as a student or parent, or as a tutor or coaching
            institute.
          </li>
          <li>
            <strong>Phone number</strong>, which we verify with a one-time code sent by WhatsApp or
            SMS.
          </li>
          <li>
            <strong>Home address</strong>, with the city, district, state and map coordinates of the
            place you choose, so we can match you with people nearby.
          </li>
          <li>
            <strong>Profile details:</strong> for tutors, qualifications, subjects, classes, boards,
            languages, experience, fees, a photo and documents submitted for verification; for
            students, the class, subjects and board you study.
          </li>
          <li>
            <strong>Enquiries</strong> you post (subject, class, budget, preferred mode and start
            date, preferences such as a female tutor), and the messages, quotes, reviews and reports
            you send through GuruMatch.
          </li>
          <li>
            <strong>Messages to us</strong> through the contact form or e-mail.
          </li>
        </ul>
        <h3>Data created when you use GuruMatch</h3>
        <ul>
          <li>
            <strong>Payment records:</strong> the plan bought, amount, GST, order and payment
            identifiers and status. Card, UPI and bank details are entered on our payment
            partner&rsquo;s secure page and are not stored by us.
          </li>
          <li>
            <strong>Coin records:</strong> coins credited, spent and expired, and which enquiries a
            tutor unlocked.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, device and browser type, pages requested,
            dates and times, and error logs, used to keep the service secure and working.
          </li>
          <li>
            <strong>Location:</strong> only when you allow your browser to share it, to fill in your
            address or suggest places near you.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'Why we use your data',
    body: (
      <>
        <p>We use personal data only for these purposes:</p>
        <ul>
          <li>creating and securing your account, and verifying your e-mail and phone number;</li>
          <li>
            matching students with suitable tutors nearby or online, including priority matching for
            premium students;
          </li>
          <li>verifying tutors and coaching institutes before they appear as verified;</li>
          <li>
            letting a tutor who spends Coins on an enquiry see that student&rsquo;s contact details,
            and letting both sides chat;
          </li>
          <li>selling coin plans, issuing invoices and handling refunds;</li>
          <li>answering your questions and complaints;</li>
          <li>
            preventing fraud, spam and misuse, enforcing our{' '}
            <Link to={paths.termsOfUse}>Terms of Use</Link>, and keeping records the law requires;
          </li>
          <li>
            improving the service using aggregated figures that do not identify you, and sending
            service messages (we send marketing messages only if you have agreed, and you can stop
            them at any time).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'consent',
    title: 'Consent and legitimate uses',
    body: (
      <>
        <p>
          We process your personal data on the basis of the consent you give when you create an
          account, post an enquiry, allow location access or submit a form. Each request for consent
          is presented in clear language and tells you what the data is for. We may also process
          data without fresh consent for the legitimate uses the DPDP Act allows, such as complying
          with a law or a court order, or responding to a medical emergency.
        </p>
        <p>
          You may <strong>withdraw your consent</strong> at any time by writing to{' '}
          <MailLink address={GRIEVANCE_OFFICER.email} /> or by deleting your account. Withdrawing
          consent is as easy as giving it. It does not affect processing that took place before, but
          some features (for example, being matched with tutors) will stop working without the data
          they need.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <ul>
          <li>
            <strong>Tutors and students, as the service requires.</strong> A student&rsquo;s enquiry
            is shown to tutors with contact details masked. The phone number and e-mail address
            become visible only to a verified tutor who spends Coins to contact that student. A
            tutor&rsquo;s profile is shown to students.
          </li>
          <li>
            <strong>Service providers (Data Processors)</strong> who work for us under written
            contracts: cloud hosting, e-mail and WhatsApp/SMS delivery, maps and address lookup, and
            payment processing. They may use the data only to provide their service to us.
          </li>
          <li>
            <strong>Authorities</strong>, when Indian law, a court or a government agency lawfully
            requires it, or to protect the safety of our users.
          </li>
          <li>
            <strong>A successor business</strong>, if GuruMatch is merged or sold, under the same
            protections as this policy.
          </li>
        </ul>
        <p>We do not sell your personal data, and we do not share it for advertising.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and similar technologies',
    body: (
      <>
        <p>
          We use only what the service needs to work. Your browser&rsquo;s local storage keeps your
          sign-in tokens so you stay signed in, and strictly necessary cookies may be used for
          security. We do not use advertising or cross-site tracking cookies.
        </p>
        <p>
          Videos on FAQ pages are embedded in YouTube&rsquo;s privacy-enhanced mode, which does not
          set cookies until you play a video. You can clear cookies and local storage in your
          browser settings at any time; you will then be signed out.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <>
        <p>
          We keep your data while your account is active. After you deactivate or delete your
          account, we keep it for <strong>up to {DATA_RETENTION_MONTHS} months</strong> to resolve
          disputes, handle refunds, prevent fraud by returning bad actors and answer legal requests,
          and then delete it or anonymise it so it no longer identifies you.
        </p>
        <p>
          Where a law requires a longer period (for example, invoices and payment records under
          Indian tax law), we keep only those records, only for that period.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect data, and data breaches',
    body: (
      <>
        <p>
          We use reasonable security practices: encrypted connections (HTTPS), hashed passwords,
          short-lived sign-in tokens, role-based access to systems, masked contact details until a
          tutor unlocks them, and regular reviews of who can see what. No system is completely
          secure, so please keep your password private and tell us at once if you suspect misuse.
        </p>
        <p>
          If a personal data breach affects you, we will inform you and the Data Protection Board of
          India, and report it to CERT-In where required,{' '}
          <strong>within {BREACH_NOTIFICATION_HOURS} hours</strong> of becoming aware of it,
          explaining what happened, the likely consequences and what we and you can do.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights as a Data Principal',
    body: (
      <>
        <p>Under the DPDP Act you have the right to:</p>
        <ul>
          <li>
            <strong>Access:</strong> a summary of the personal data we hold about you, how we
            process it, and the Data Fiduciaries and Data Processors we have shared it with;
          </li>
          <li>
            <strong>Correction and completion:</strong> to correct inaccurate or misleading data,
            complete incomplete data and update it (most details can be edited in your profile);
          </li>
          <li>
            <strong>Erasure:</strong> to have data deleted once it is no longer needed for the
            purpose you gave it for, unless the law requires us to keep it;
          </li>
          <li>
            <strong>Grievance redressal:</strong> to complain to our Grievance Officer and get an
            answer within the times stated below;
          </li>
          <li>
            <strong>Nomination:</strong> to nominate another person to exercise these rights on your
            behalf in the event of your death or incapacity;
          </li>
          <li>
            <strong>Withdrawal of consent</strong> at any time, as described above.
          </li>
        </ul>
        <p>
          To use any of these rights, write to <MailLink address={GRIEVANCE_OFFICER.email} /> from
          your registered e-mail address. We may ask you to confirm your identity before acting. You
          also have duties under the DPDP Act: give accurate information, do not impersonate anyone,
          and do not file false or frivolous complaints.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's data",
    body: (
      <>
        <p>
          GuruMatch accounts are for people aged <strong>{MINIMUM_AGE_YEARS} or older</strong>. A
          student under {MINIMUM_AGE_YEARS} may use GuruMatch only through an account created and
          managed by a parent or lawful guardian, who gives consent for the child&rsquo;s data to be
          processed and supervises its use.
        </p>
        <p>
          We process a child&rsquo;s data only to arrange tuition. We do not track or monitor the
          behaviour of children, and we do not target advertising at them. Tutors must use a
          student&rsquo;s details only to provide tuition, keep them confidential, and never share
          them. If you believe a child has registered without a guardian, write to{' '}
          <MailLink address={GRIEVANCE_OFFICER.email} /> and we will close the account.
        </p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'Where your data is stored',
    body: (
      <p>
        Our service providers may store or process data on servers in India or abroad. We transfer
        personal data outside India only to countries not restricted by the Government of India
        under the DPDP Act, and only under contracts that protect it as this policy does.
      </p>
    ),
  },
  {
    id: 'grievance-officer',
    title: 'Grievance Officer',
    body: (
      <>
        <p>
          In line with the Information Technology Act, 2000, the rules under it and the DPDP Act,
          our Grievance Officer is:
        </p>
        <address className="my-3 rounded-lg bg-slate-100 p-4 not-italic">
          <strong>{GRIEVANCE_OFFICER.title}</strong>
          <br />
          GuruMatch, {SUPPORT_CITY}
          <br />
          E-mail: <MailLink address={GRIEVANCE_OFFICER.email} />
          <br />
          Hours: {SUPPORT_HOURS}
        </address>
        <p>
          We acknowledge every complaint within <strong>{GRIEVANCE_ACKNOWLEDGE_HOURS} hours</strong>{' '}
          and resolve it within <strong>{GRIEVANCE_RESOLUTION_DAYS} days</strong> of receiving it.
          If you are not satisfied with our answer, you may complain to the Data Protection Board of
          India.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy when our service or the law changes. The date at the top shows the
        latest version. If a change materially affects how we use your data, we will tell you by
        e-mail or on the website before it applies and, where the law requires, ask for your consent
        again.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <PolicyContactBlock />
        <p>
          General support: <MailLink address={SUPPORT_EMAIL} />, {SUPPORT_HOURS}.
        </p>
      </>
    ),
  },
];

/** `/privacy-policy`. */
export function PrivacyPolicyPage() {
  return (
    <PolicyDocument
      title="Privacy Policy"
      description="How GuruMatch collects, uses, shares and protects the personal data of students, parents and tutors, and your rights under India's Digital Personal Data Protection Act, 2023."
      path={paths.privacyPolicy}
      intro={
        <p>
          Your privacy matters to us. This policy explains, in plain language, what personal data
          GuruMatch collects, why, who it is shared with, how long it is kept and the rights you
          have over it. Please read it together with our{' '}
          <Link to={paths.termsOfUse}>Terms of Use</Link> and our{' '}
          <Link to={paths.refundPolicy}>Cancellation and Refund Policy</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

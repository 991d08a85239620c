import {
  DISPUTE_MEDIATION_DAYS,
  PLAN_VALIDITY_DAYS,
  REFUND_ACKNOWLEDGE_BUSINESS_DAYS,
  REFUND_DECISION_BUSINESS_DAYS,
  REFUND_PROCESSING_BUSINESS_DAYS,
  REFUND_REQUEST_WINDOW_DAYS,
  SESSION_CANCELLATION_NOTICE_HOURS,
} from '@gurumatch/shared/constants';
import { Link } from 'react-router';

import { paths } from '../../../lib/paths.ts';
import { SUPPORT_EMAIL, SUPPORT_HOURS } from '../support.ts';

import {
  MailLink,
  PolicyContactBlock,
  PolicyDocument,
  type PolicySection,
} from './policy-document.tsx';

const PLAN_ROWS = [
  { plan: '3-month plan', days: PLAN_VALIDITY_DAYS.three_months },
  { plan: '6-month plan', days: PLAN_VALIDITY_DAYS.six_months },
  { plan: '1-year plan', days: PLAN_VALIDITY_DAYS.one_year },
] as const;

const TIMELINE = [
  {
    step: 'Acknowledgement',
    when: `within ${String(REFUND_ACKNOWLEDGE_BUSINESS_DAYS)} business days of your request`,
  },
  {
    step: 'Review and decision',
    when: `within ${String(REFUND_DECISION_BUSINESS_DAYS)} business days of your request`,
  },
  {
    step: 'Refund processed',
    when: `within ${String(REFUND_PROCESSING_BUSINESS_DAYS)} business days of approval`,
  },
] as const;

const SECTIONS: readonly PolicySection[] = [
  {
    id: 'scope',
    title: 'What this policy covers',
    body: (
      <p>
        This policy covers payments made to GuruMatch for coin plans. Tuition fees that students pay
        tutors directly are agreed between them and are not collected or refunded by GuruMatch.
        &ldquo;Business day&rdquo; means any day other than a Saturday, a Sunday or a public holiday
        in Karnataka.
      </p>
    ),
  },
  {
    id: 'coin-validity',
    title: 'Coin plans and validity',
    body: (
      <>
        <p>Coins are valid from the date of purchase for the period of their plan:</p>
        <table className="my-4 w-full border-collapse text-left">
          <thead>
            <tr>
              <th scope="col" className="border-b border-slate-300 py-2 pr-4 font-semibold">
                Plan
              </th>
              <th scope="col" className="border-b border-slate-300 py-2 font-semibold">
                Coins valid for
              </th>
            </tr>
          </thead>
          <tbody>
            {PLAN_ROWS.map((row) => (
              <tr key={row.plan}>
                <td className="border-b border-slate-200 py-2 pr-4">{row.plan}</td>
                <td className="border-b border-slate-200 py-2">{row.days} days</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul>
          <li>
            <strong>Coins expire with their plan and cannot be reinstated</strong>, extended or
            refunded once expired.
          </li>
          <li>
            Coins can be bought <strong>only through GuruMatch&rsquo;s official channels</strong>{' '}
            (the plans page of this website, paid through our payment partner). Coins bought or
            received any other way are not eligible for a refund.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'refund-window',
    title: 'When you can ask for a refund',
    body: (
      <>
        <p>
          A refund must be requested <strong>within {REFUND_REQUEST_WINDOW_DAYS} days</strong> of
          the transaction. We consider requests such as:
        </p>
        <ul>
          <li>your money was debited but the Coins were not credited;</li>
          <li>you were charged twice, or charged the wrong amount, for the same plan;</li>
          <li>
            a fault on our side stopped you from using the Coins you bought, and we could not fix it
            in reasonable time;
          </li>
          <li>a payment you did not make (please also report it to your bank).</li>
        </ul>
        <p>Refunds are generally not available for:</p>
        <ul>
          <li>Coins already spent to unlock an enquiry&rsquo;s contact details;</li>
          <li>expired Coins, or unused validity left on a plan;</li>
          <li>requests made after the {REFUND_REQUEST_WINDOW_DAYS}-day window;</li>
          <li>accounts suspended for breaking our Terms of Use;</li>
          <li>the value of any discount, coupon or promotional Coins.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-to-request',
    title: 'How to request a refund',
    body: (
      <>
        <p>
          Use our <Link to={paths.contactUs}>contact form</Link> with the subject &ldquo;Payment
          Issue&rdquo;, or write to <MailLink address={SUPPORT_EMAIL} /> from your registered e-mail
          address. Please include:
        </p>
        <ul>
          <li>your name and registered e-mail address;</li>
          <li>the plan, amount, date and order or payment reference;</li>
          <li>what went wrong, with a screenshot if you have one.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'timeline',
    title: 'What happens after you ask',
    body: (
      <>
        <ol>
          {TIMELINE.map((item) => (
            <li key={item.step}>
              <strong>{item.step}</strong> {item.when}.
            </li>
          ))}
        </ol>
        <p>
          Approved refunds are paid <strong>to the original payment method, or as Coins</strong>{' '}
          credited to your GuruMatch account, at our discretion. Your bank or card issuer may take a
          few more days to show the amount after we process it.
        </p>
      </>
    ),
  },
  {
    id: 'session-cancellations',
    title: 'Cancelling sessions',
    body: (
      <p>
        Sessions are arranged directly between students and tutors. To cancel or reschedule, give
        the other side at least{' '}
        <strong>{SESSION_CANCELLATION_NOTICE_HOURS} hours&rsquo; notice</strong>. Fees for sessions
        cancelled late are settled as the student and tutor agreed. Cancelling a session does not
        return Coins spent to unlock the enquiry.
      </p>
    ),
  },
  {
    id: 'plan-cancellation',
    title: 'Cancelling a plan',
    body: (
      <p>
        Plans do not renew automatically, so there is nothing to cancel when a plan ends. You may
        stop using a plan at any time; apart from the cases in this policy, no refund is given for
        unused Coins or the remaining validity.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limit of our liability',
    body: (
      <p>
        For any claim about a coin purchase, our liability is limited to{' '}
        <strong>the amount of that coin transaction</strong>.
      </p>
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    body: (
      <p>
        If you disagree with a refund decision, write to us first. Unresolved disputes go to{' '}
        <strong>mediation for {DISPUTE_MEDIATION_DAYS} days</strong>, and then to{' '}
        <strong>arbitration</strong> in Bengaluru, as set out in our{' '}
        <Link to={paths.termsOfUse}>Terms of Use</Link>. Your rights under the Consumer Protection
        Act, 2019 are not affected.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <PolicyContactBlock />
        <p>Support hours: {SUPPORT_HOURS}.</p>
      </>
    ),
  },
];

/** `/cancellation-and-refund-policy`. */
export function RefundPolicyPage() {
  return (
    <PolicyDocument
      title="Cancellation and Refund Policy"
      description={`Coin plan validity, when and how to ask for a refund within ${String(REFUND_REQUEST_WINDOW_DAYS)} days, refund timelines, and session cancellation rules on GuruMatch.`}
      path={paths.refundPolicy}
      intro={
        <p>
          We want every purchase on GuruMatch to be fair and clear. This policy explains how long
          Coins last, when you can get your money back, how to ask, and how quickly we act.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

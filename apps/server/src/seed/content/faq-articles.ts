import type { ArticleCategory } from '@gurumatch/shared/messages/content';

/**
 * FAQ articles seeded outside production: for students and parents, and for
 * tutors. Every figure matches the policies (spec part 1 §9). Two well-known
 * talks on learning are linked as related videos.
 */
export interface SeedArticle {
  slug: string;
  title: string;
  category: ArticleCategory;
  videoId: string | null;
  /** ISO date the article is shown as written. */
  publishedOn: string;
  content: string;
}

/** 'Study Less, Study Smart', a lecture on effective study habits. */
const STUDY_HABITS_VIDEO_ID = 'IlU-zDU6aQ0';
/** 'The power of believing that you can improve', a talk on the growth mindset. */
const GROWTH_MINDSET_VIDEO_ID = '_X0mgOOSpLU';

export const SEED_ARTICLES: readonly SeedArticle[] = [
  // Students and parents
  {
    slug: 'how-do-i-post-a-tuition-enquiry',
    title: 'How do I post a tuition enquiry?',
    category: 'student',
    videoId: null,
    publishedOn: '2025-04-07',
    content: `
<p>An enquiry tells tutors near you what kind of help you are looking for. Tutors who can help respond with a price quote and a short message, and you choose whom to talk to.</p>
<h2>Before your first enquiry</h2>
<p>Sign up as a student or parent, verify your phone number, add your home address and complete your profile. The address is used to show your enquiry to tutors in your area; tutors see your city and area, never your full street address.</p>
<h2>Posting the enquiry</h2>
<ol>
  <li>From your dashboard, choose <strong>Create New Enquiry</strong>.</li>
  <li>Give it a short name (3 to 50 characters), for example “Class 9 maths help”.</li>
  <li>Choose the class, subject, board and the language you would like classes in. If yours is not listed, pick “Other” and type it in.</li>
  <li>Choose the study mode: online, offline (at home) or both.</li>
  <li>Enter your budget in rupees and when you want to start: immediately, within a week, within 15 days or within a month.</li>
  <li>Tick the box if you would prefer a female tutor, then submit.</li>
</ol>
<h2>After posting</h2>
<p>You can see each enquiry, how many tutors have responded and how many days it stays open under <strong>View Enquiries</strong>. When a tutor contacts you, a chat opens so you can ask questions before you agree on anything.</p>
<p>Tip: the more specific your enquiry, the better the responses. “CBSE Class 10 science, weak in chemistry, twice a week after 6 pm” gets far more useful replies than “science tuition”.</p>
`,
  },
  {
    slug: 'how-are-tutors-verified',
    title: 'How are tutors on GuruMatch verified?',
    category: 'student',
    videoId: null,
    publishedOn: '2025-04-21',
    content: `
<p>Every tutor who wants the <strong>Verified Tutor</strong> badge uploads two documents when completing their profile:</p>
<ul>
  <li>an <strong>ID proof</strong>, a government-issued photo identity document, and</li>
  <li>a <strong>qualification proof</strong>, such as a degree certificate or mark sheet.</li>
</ul>
<p>Our team checks that the documents are genuine, that the name matches the profile, and that the qualification supports the subjects the tutor teaches. Documents are reviewed within 24 hours of upload. Until then, the tutor’s profile shows that verification is pending.</p>
<h2>What the badge tells you, and what it does not</h2>
<p>The badge means we have confirmed the tutor’s identity and qualification. It does not guarantee that a tutor will suit your child; teaching style and chemistry matter just as much. That is why we suggest a first class before you commit to a month, and a review of progress after four weeks.</p>
<h2>Ratings and reviews</h2>
<p>Students can leave a review for a tutor from the chat. A tutor’s profile shows their rating and the number of reviews, which is a helpful second signal alongside verification.</p>
<p>If anything about a tutor’s profile or behaviour worries you, tell us through the <a href="/contact-us">contact form</a> and we will look into it.</p>
`,
  },
  {
    slug: 'who-can-see-my-phone-number',
    title: 'Who can see my phone number and email address?',
    category: 'student',
    videoId: null,
    publishedOn: '2025-05-05',
    content: `
<p>Your contact details are protected until a tutor makes a genuine, paid approach.</p>
<ul>
  <li>When tutors browse enquiries, they see the class, subject, board, study mode, budget and your city, but your phone number and email address are <strong>masked</strong>.</li>
  <li>A tutor who wants to teach you must spend coins and send you a message with a price quote. Only then are your phone number and email shown to <strong>that tutor</strong>, and a chat between you opens.</li>
  <li>Your full street address is never shown on an enquiry; tutors see only your city and area. Share the address only when you have agreed on home classes.</li>
</ul>
<p>Because contacting you costs tutors coins, the messages you receive come from people who have read your enquiry and want to teach it, not from bulk senders.</p>
<p>Tutors agree to keep student information confidential and may use it only to discuss your tuition. If someone misuses your details, report it through the <a href="/contact-us">contact form</a> and we will act on it.</p>
`,
  },
  {
    slug: 'staying-safe-with-home-tuition',
    title: 'How do I stay safe when starting home tuition?',
    category: 'student',
    videoId: null,
    publishedOn: '2025-05-19',
    content: `
<p>Most tuition relationships are positive and long-lasting. A few simple habits keep it that way.</p>
<h2>Before the first class</h2>
<ul>
  <li>Prefer tutors with the <strong>Verified Tutor</strong> badge, and read their ratings and reviews.</li>
  <li>Talk in the GuruMatch chat first. Ask about experience, the board they teach and how they plan lessons.</li>
  <li>Share your home address only after you have agreed on home classes.</li>
</ul>
<h2>During classes</h2>
<ul>
  <li>For younger children, an adult should be at home during every class, and classes should happen in a common area such as the living or dining room.</li>
  <li>Accounts are for people aged 18 and over. Students under 18 should use GuruMatch with a parent or guardian who manages the account.</li>
  <li>Agree on fees in writing, even in a chat message, and avoid paying for several months in advance to someone you have just met.</li>
  <li>Either side should give at least 24 hours’ notice to cancel or move a class.</li>
</ul>
<h2>If something feels wrong</h2>
<p>Trust your instincts. Stop the classes, and tell us through the <a href="/contact-us">contact form</a> with the subject “Other” or “Feedback”. In an emergency, call 112 first.</p>
`,
  },
  {
    slug: 'how-many-enquiries-can-i-post',
    title: 'How many enquiries can I post, and how do I archive one?',
    category: 'student',
    videoId: null,
    publishedOn: '2025-06-02',
    content: `
<p>To keep enquiries fresh for tutors, each account can have a limited number of <strong>active</strong> enquiries at a time. Your dashboard shows how many you have. When you reach the limit, the button changes to <strong>Enquiry Limit Exceeded</strong> and you will need to archive one before posting another.</p>
<h2>Archiving an enquiry</h2>
<ol>
  <li>Open <strong>View Enquiries</strong> and choose the enquiry.</li>
  <li>Select <strong>Archive</strong>.</li>
  <li>Confirm with <strong>Yes</strong> when asked “Are you sure you want to archive this enquiry?”</li>
</ol>
<p>An archived enquiry is no longer shown to tutors, and it cannot be made active again, so archive only when you are sure.</p>
<h2>When should I archive?</h2>
<ul>
  <li>You have found a tutor and do not need more responses.</li>
  <li>Your needs have changed, for example a new subject or a different study mode. Archive the old enquiry and post a new, accurate one.</li>
</ul>
`,
  },
  {
    slug: 'how-to-get-the-most-out-of-tuition',
    title: 'How can I get the most out of my tuition classes?',
    category: 'student',
    videoId: STUDY_HABITS_VIDEO_ID,
    publishedOn: '2025-06-23',
    content: `
<p>A good tutor helps, but what you do between classes matters just as much. These habits make every hour of tuition count.</p>
<ol>
  <li><strong>Bring questions.</strong> Keep a running list of doubts from school and homework, and start each class with it.</li>
  <li><strong>Try before you ask.</strong> Attempt homework on your own first, and mark where you got stuck. Your tutor can then fix the exact step.</li>
  <li><strong>Study in short blocks.</strong> Focus for 25 to 45 minutes, take a short break, and repeat. Long sessions without breaks feel productive but are not.</li>
  <li><strong>Test yourself.</strong> Re-reading notes feels familiar but is not the same as remembering. Close the book and explain the idea aloud, or solve a problem without help.</li>
  <li><strong>Review within a day.</strong> Spend ten minutes the next day going over what you learnt in class. It saves hours before exams.</li>
  <li><strong>Tell your tutor what is working.</strong> If the pace is too fast or too slow, say so. Tutors adjust quickly when they know.</li>
</ol>
<p>The related video below is a popular lecture on studying effectively. It explains why short sessions, active recall and a dedicated study space work so well.</p>
`,
  },
  {
    slug: 'how-do-i-contact-gurumatch-support',
    title: 'How do I contact GuruMatch support?',
    category: 'student',
    videoId: null,
    publishedOn: '2025-07-14',
    content: `
<p>Use the <a href="/contact-us">Contact Us</a> page. Fill in your full name, email address, phone number, the subject of your message and a short description, then submit. You will see “Form submitted successfully. We will resolve your query soon.” when we have received it.</p>
<p>Choosing the right subject helps us route your message quickly:</p>
<ul>
  <li><strong>Payment Issue</strong>: a payment, plan or refund question.</li>
  <li><strong>Technical Support</strong>: something on the site is not working as expected.</li>
  <li><strong>General Inquiry</strong>: questions about how GuruMatch works.</li>
  <li><strong>Feedback</strong>: ideas and suggestions, which we read carefully.</li>
  <li><strong>Other</strong>: anything else, including concerns about a tutor or a student.</li>
</ul>
<p>Please include details such as the enquiry name, the date of a payment or a screenshot of an error. The more we know, the faster we can resolve it.</p>
`,
  },

  // Tutors
  {
    slug: 'how-do-coins-work',
    title: 'How do coins and plans work?',
    category: 'teacher',
    videoId: null,
    publishedOn: '2025-04-14',
    content: `
<p>Coins are how tutors contact students on GuruMatch. Each enquiry shows the number of coins needed to contact the student; when a discount applies, the reduced amount is shown as well.</p>
<h2>Buying coins</h2>
<p>Coins come with plans, which you buy from the <strong>Upgrade Plan</strong> page in your account:</p>
<table>
  <thead>
    <tr><th scope="col">Plan</th><th scope="col">Coins valid for</th></tr>
  </thead>
  <tbody>
    <tr><td>3 months</td><td>90 days</td></tr>
    <tr><td>6 months</td><td>180 days</td></tr>
    <tr><td>1 year</td><td>365 days</td></tr>
  </tbody>
</table>
<p>Prices are shown with and without GST (18%). You can apply a coupon code before paying if you have one. Buy plans only through the official plans page in your account; we never ask you to pay anyone directly for coins.</p>
<h2>Expiry</h2>
<p>Coins expire with the plan they came with. Expired coins cannot be reinstated, so choose a plan that matches how actively you plan to respond to enquiries.</p>
<h2>Spending coins</h2>
<p>When you send a message with a price quote to an enquiry, the coins are deducted and the student’s contact details are revealed to you. You pay once per enquiry. If you do not have enough coins, you will be asked to recharge from the plans page.</p>
`,
  },
  {
    slug: 'can-i-get-a-refund-for-a-coin-plan',
    title: 'Can I get a refund for a coin plan?',
    category: 'teacher',
    videoId: null,
    publishedOn: '2025-04-28',
    content: `
<p>Yes, in the cases set out in our <a href="/cancellation-and-refund-policy">Cancellation and Refund Policy</a>, for example a payment taken twice or a plan that was never credited.</p>
<h2>How to request a refund</h2>
<ol>
  <li>Send your request within <strong>7 days of the transaction</strong> through the <a href="/contact-us">contact form</a>, choosing the subject “Payment Issue”.</li>
  <li>Include the email address of your account, the date and amount of the payment, and the payment or order reference if you have it.</li>
</ol>
<h2>What happens next</h2>
<ul>
  <li>We acknowledge your request within <strong>2 business days</strong>.</li>
  <li>We review it and tell you our decision within <strong>10 business days</strong>.</li>
  <li>If it is approved, the refund is processed within <strong>7 business days</strong>, to your original payment method or as coins, at our discretion.</li>
</ul>
<p>Coins that have expired with their plan cannot be reinstated. Please read the full policy for the details.</p>
`,
  },
  {
    slug: 'how-does-tutor-verification-work',
    title: 'How does tutor verification work?',
    category: 'teacher',
    videoId: null,
    publishedOn: '2025-05-12',
    content: `
<p>Verification builds trust with students and parents, and verified tutors show a <strong>Verified Tutor</strong> badge on their profile.</p>
<h2>What to upload</h2>
<p>When you complete your profile, upload:</p>
<ul>
  <li><strong>ID proof</strong>: a clear photo or scan of a government-issued photo ID. If you use an Aadhaar card, you may mask all but the last four digits of the number.</li>
  <li><strong>Qualification proof</strong>: your highest relevant degree certificate or mark sheet.</li>
</ul>
<p>Make sure the name on your documents matches the name on your profile, and that every corner of the document is visible and readable.</p>
<h2>How long it takes</h2>
<p>Our team reviews documents within <strong>24 hours</strong>. If a document cannot be accepted, upload a clearer copy or a different document and it will be reviewed again.</p>
<h2>Keeping your profile accurate</h2>
<p>If you gain a new qualification or change the subjects you teach, update your profile. An accurate profile brings enquiries you can genuinely help with.</p>
`,
  },
  {
    slug: 'how-do-i-contact-a-student',
    title: 'How do I contact a student about an enquiry?',
    category: 'teacher',
    videoId: null,
    publishedOn: '2025-06-09',
    content: `
<ol>
  <li>Open <strong>Enquiries</strong> from your dashboard. Use the filters for classes, subjects, study mode and distance from your address to find the right ones. Star any you want to come back to.</li>
  <li>Open an enquiry to read the details: class, subject, board, study mode, budget, when the student wants to start and whether a female tutor is preferred.</li>
  <li>Write your message. Enter a <strong>price quote</strong> in rupees, choose whether it is <strong>Hourly</strong>, <strong>Monthly</strong> or <strong>Yearly</strong>, and explain briefly how you would help.</li>
  <li>Send it. The coins shown on the enquiry are deducted, and the student’s phone number is revealed along with links to chat, WhatsApp and call.</li>
</ol>
<p>Enquiries you have contacted appear under <strong>Contacted Enquiries</strong>, so you can find the student again at any time. You pay only once for each enquiry.</p>
<h2>Tips for a reply that gets answered</h2>
<ul>
  <li>Refer to the student’s actual request, not a generic template.</li>
  <li>Mention your experience with the same board, class or exam.</li>
  <li>Quote a clear, fair price and suggest a time for a first class.</li>
</ul>
`,
  },
  {
    slug: 'what-if-an-enquiry-looks-fake',
    title: 'What should I do if an enquiry looks fake or inappropriate?',
    category: 'teacher',
    videoId: null,
    publishedOn: '2025-06-30',
    content: `
<p>Report it. Our team reviews every report, and reports help keep enquiries genuine for all tutors.</p>
<h2>How to report</h2>
<ol>
  <li>Open the chat for the enquiry and choose <strong>Report</strong>.</li>
  <li>Pick a reason: Spam or misleading, Inappropriate content, Fake information, Already resolved, or Other.</li>
  <li>Add details if they help us understand the problem (up to 500 characters), and submit.</li>
</ol>
<p>You can report each enquiry once. After reporting, the chat shows “You have reported this enquiry” so you know it has been received.</p>
<h2>Signs to look out for</h2>
<ul>
  <li>Requests to pay a fee, a deposit or for “registration” before classes begin.</li>
  <li>Requests to move to another app immediately and share personal documents.</li>
  <li>Details that contradict each other, such as a class level that does not match the subject.</li>
</ul>
<p>Never send money to someone who has posted an enquiry. Tutors are paid by students for classes, not the other way round.</p>
`,
  },
  {
    slug: 'how-can-i-keep-my-students-motivated',
    title: 'How can I keep my students motivated?',
    category: 'teacher',
    videoId: GROWTH_MINDSET_VIDEO_ID,
    publishedOn: '2025-07-21',
    content: `
<p>Motivated students learn faster and stay with a tutor longer. A few habits make a big difference:</p>
<ul>
  <li><strong>Praise effort and strategy, not talent.</strong> “You tried three methods before this one worked” builds more persistence than “you are so clever”.</li>
  <li><strong>Use the word “yet”.</strong> “You have not mastered quadratic equations yet” tells a student that progress is coming.</li>
  <li><strong>Set small, visible goals.</strong> A weekly target, such as ten correct problems of one type, is easier to care about than a final exam months away.</li>
  <li><strong>Show progress.</strong> Keep a record of test scores or topics mastered and look back at it together every month.</li>
  <li><strong>Connect to what they care about.</strong> Percentages through cricket averages, physics through bicycles, English through the books they already enjoy.</li>
  <li><strong>Keep parents in the loop.</strong> A short monthly update turns parents into allies at home.</li>
</ul>
<p>The related video is a well-known talk on the growth mindset: the idea that ability grows with effort and good strategies. It is a useful lens for any tutor.</p>
`,
  },
  {
    slug: 'professional-conduct-for-tutors',
    title: 'What does GuruMatch expect from tutors?',
    category: 'teacher',
    videoId: null,
    publishedOn: '2025-08-04',
    content: `
<p>Families invite tutors into their homes and trust them with their children. We ask every tutor and coaching institute to meet these standards:</p>
<ul>
  <li><strong>Be who you say you are.</strong> Keep your profile, qualifications and photo accurate and current.</li>
  <li><strong>Keep student data confidential.</strong> Use a student’s phone number, email and address only to arrange and deliver tuition, and never share them with anyone else.</li>
  <li><strong>Be reliable.</strong> Give at least 24 hours’ notice if you need to cancel or move a class.</li>
  <li><strong>Be clear about fees.</strong> Agree on the amount and whether it is hourly, monthly or yearly before classes begin.</li>
  <li><strong>Keep it professional.</strong> For younger students, teach in a common area with an adult at home, and keep communication with students respectful and about their studies.</li>
  <li><strong>Buy coins only through your account.</strong> Plans are sold only on the plans page; we never ask for payment through other channels.</li>
</ul>
<p>Accounts that break these standards may be suspended. If you have a concern about a student or an enquiry, report it from the chat or write to us through the <a href="/contact-us">contact form</a>.</p>
`,
  },
];

/**
 * Blog posts seeded outside production, so the blog is alive on a first start.
 * Written for the product's visitors: parents, students and tutors in India.
 * Each post's featured image is an illustration served by the web app at
 * `/content/blog/{slug}.svg`.
 */
export interface SeedBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  tags: readonly string[];
  /** ISO date the post is shown as written. */
  publishedOn: string;
  content: string;
}

export const SEED_BLOG_POSTS: readonly SeedBlogPost[] = [
  {
    slug: 'how-to-choose-a-home-tutor-in-bangalore',
    title: 'How to Choose a Home Tutor in Bangalore: A Parent’s Checklist',
    excerpt:
      'Traffic, board differences and busy schedules make finding the right tutor in Bangalore harder than it should be. Here is a practical checklist to get it right the first time.',
    tags: ['parents', 'home tuition', 'bangalore'],
    publishedOn: '2025-05-12',
    content: `
<p>Bangalore has no shortage of tutors. Between college students teaching part-time, retired school teachers and full-time professionals, almost every apartment complex has someone offering tuition. The hard part is not finding <em>a</em> tutor. It is finding the right one for your child, close enough that the commute does not eat the lesson, and at a fee that makes sense for the months ahead.</p>
<p>This checklist is what we would tell a friend who asked us how to go about it.</p>

<h2>1. Be clear about what your child actually needs</h2>
<p>Before you speak to anyone, write down three things: the subject, the class and board, and the outcome you want. “Maths help” is vague. “Class 9 CBSE maths, struggling with algebra, wants to move from 60% to 80% by the half-yearly exams” is something a tutor can plan around.</p>
<p>It also helps to note how your child likes to learn. Some children need a patient explainer; others need someone who sets a brisk pace and lots of practice problems. If your child has a learning difference or exam anxiety, say so early. Good tutors will appreciate knowing.</p>

<h2>2. Match the tutor to the board, not just the subject</h2>
<p>A tutor who is brilliant with ICSE physics may not know how CBSE frames its questions, and neither may be familiar with the Karnataka State Board PUC pattern. Ask directly which boards a tutor has taught in the last two years, and which textbooks they use. For Classes 11 and 12, ask whether they teach for board exams, entrance exams such as JEE or NEET, or both, because the preparation is different.</p>

<h2>3. Think about distance and traffic honestly</h2>
<p>In Bangalore, a tutor who lives four kilometres away can be forty minutes away at 6 pm. A tutor stuck in traffic arrives tired and late, and lessons get cancelled during the monsoon. When you post an enquiry, your area helps us show it to tutors nearby. If the best match is across the city, consider online classes for some of the weekly sessions.</p>

<h2>4. Check credentials, then check chemistry</h2>
<p>On GuruMatch, tutors upload an ID proof and a qualification proof, and our team reviews them before the profile shows the <strong>Verified Tutor</strong> badge. That tells you the person is who they say they are and holds the qualification they claim. It does not tell you whether they will click with your child. For that, nothing beats a first class.</p>
<p>During the first session, watch for these signs:</p>
<ul>
  <li>The tutor asks your child questions before explaining, to find out where the gaps are.</li>
  <li>Explanations use examples your child recognises, not just the textbook’s wording.</li>
  <li>Your child is doing problems for at least half the time, not only listening.</li>
  <li>The tutor ends with a short plan for the next few weeks.</li>
</ul>

<h2>5. Agree on fees and rules before the second class</h2>
<p>Fees in Bangalore vary by class, subject and the tutor’s experience. As a rough guide, monthly home tuition runs from about ₹2,500 to ₹3,500 for Nursery to Class 5, ₹3,500 to ₹4,500 for Classes 6 to 8, ₹4,500 to ₹6,000 for Classes 9 and 10, and ₹6,000 to ₹7,500 for Classes 11 and 12. Coaching for IIT-JEE or NEET usually costs ₹7,000 to ₹10,000 a month.</p>
<p>Agree on the basics in writing, even if it is just a chat message:</p>
<ol>
  <li>Number of classes a week and their length.</li>
  <li>Whether the fee is hourly, monthly or for the year.</li>
  <li>How much notice either side gives to cancel a class. We recommend at least 24 hours.</li>
  <li>How progress will be shared with you, for example a short weekly update.</li>
</ol>

<h2>6. Review after a month</h2>
<p>Give any new tutor four weeks before you judge. Look at homework, class tests and your child’s confidence rather than a single mark. If things are not working, say so kindly and early. Most problems, such as pace, timing or too much theory, are easy to fix once they are named.</p>

<h2>How GuruMatch helps</h2>
<p>Post an enquiry with the subject, class, board, budget and when you want to start. Verified tutors near you can respond with a price quote and a short message, and you can chat with them before sharing anything more. You stay in control of who you speak to, and you never pay a tutor through a third party you have not chosen.</p>
<p>Finding the right tutor takes a little effort up front. A clear brief, a good first class and an honest check-in after a month will save you months of frustration later.</p>
`,
  },
  {
    slug: 'cbse-vs-icse-which-board-is-right-for-your-child',
    title: 'CBSE vs ICSE: Which Board Is Right for Your Child?',
    excerpt:
      'Both boards can lead to excellent results. The real differences lie in syllabus depth, language, assessment style and what your family plans next. A calm, side-by-side look.',
    tags: ['cbse', 'icse', 'boards', 'parents'],
    publishedOn: '2025-05-26',
    content: `
<p>Few decisions cause as much debate at family dinners as the choice of school board. Neighbours swear by one, cousins by the other, and school admission counsellors rarely have time to explain the difference properly. The truth is reassuring: children do well in both. The right choice depends on your child and on your family’s plans.</p>

<h2>The short version</h2>
<ul>
  <li><strong>CBSE</strong> (Central Board of Secondary Education) follows NCERT textbooks, has a focused syllabus, and lines up closely with national entrance exams such as JEE and NEET.</li>
  <li><strong>ICSE</strong> (run by the Council for the Indian School Certificate Examinations, which also conducts the ISC exam in Class 12) has a broader syllabus, a strong emphasis on English language and literature, and more project work.</li>
</ul>

<h2>Syllabus and depth</h2>
<p>The CBSE syllabus is compact and concept-driven. Because NCERT books are used across the country, there is a huge supply of practice material, and a family that moves from Bangalore to Delhi will find a familiar syllabus at the new school.</p>
<p>ICSE covers more topics in many subjects and often goes into more detail, especially in the sciences and in history and civics. Children who enjoy reading and writing tend to thrive on it. Children who find large volumes of content stressful may need more support to keep up.</p>

<h2>Language and writing</h2>
<p>This is the most noticeable difference in day-to-day study. ICSE English has two papers, language and literature, with prescribed texts, and students write a great deal. CBSE English is lighter on literature. If your child is a confident reader, ICSE will stretch them in a good way. If English is a second language at home, CBSE may feel more manageable in the early years, with extra reading added on the side.</p>

<h2>Assessment style</h2>
<p>Both boards combine internal assessment with the final board exam, and both have moved towards more application-based and competency-based questions in recent years. ICSE has traditionally given more weight to projects and practical work across subjects. CBSE question papers are known for a predictable structure, which makes focused practice with past papers very effective.</p>
<p>Rules on internal marks and question patterns change from time to time, so always check the latest circular from the board for your child’s year.</p>

<h2>Entrance exams and later plans</h2>
<p>National entrance exams such as JEE and NEET are set largely around the NCERT syllabus, which gives CBSE students a small head start in Classes 11 and 12. That said, ICSE and ISC students sit these exams every year and do very well, often helped by a tutor who bridges the gaps in a few chapters.</p>
<p>If your family may move abroad, both boards are recognised by universities, and the strong writing practice of ICSE is often an advantage in applications that ask for essays.</p>

<h2>Questions to ask yourself</h2>
<ol>
  <li>Is a transfer to another city likely in the next few years? CBSE schools are more common across India.</li>
  <li>Does your child enjoy reading and writing, or prefer numbers and problem-solving?</li>
  <li>How much support can your child get at home or from a tutor with a heavier syllabus?</li>
  <li>Which schools near you are genuinely good? A great school on either board beats a weak school on the “right” one.</li>
</ol>

<h2>What about the state board and IGCSE or IB?</h2>
<p>In Karnataka, the State Board and the PUC system in Classes 11 and 12 are a solid, affordable route, especially for students aiming for engineering seats in the state through the Karnataka Common Entrance Test. IGCSE and IB are international boards with an inquiry-based approach and higher fees. They suit families planning for study abroad, though Indian university admission remains entirely possible.</p>

<h2>Where a tutor helps</h2>
<p>Whichever board you choose, the most useful tutor is one who knows it well. When you post an enquiry on GuruMatch, choose the board along with the class and subject, so tutors with that experience can respond. A tutor who understands how your board marks answers will teach your child to write them, not just to know them.</p>
<p>The board matters less than you think; consistent effort, good teaching and a child who feels supported matter far more.</p>
`,
  },
  {
    slug: 'board-exam-preparation-plan-class-10-and-12',
    title: 'A Calm, Practical Plan for Class 10 and 12 Board Exams',
    excerpt:
      'Board exams reward steady work far more than last-minute heroics. Here is a month-by-month plan, a weekly rhythm and the habits that make the final weeks less stressful.',
    tags: ['board exams', 'class 10', 'class 12', 'study tips'],
    publishedOn: '2025-06-16',
    content: `
<p>Board exams feel enormous, and the pressure from relatives, social media and even well-meaning teachers can make them seem bigger still. Yet most students who do well follow a plan that is surprisingly ordinary: finish the syllabus early, practise with real papers, revise in cycles, and sleep. This guide turns that into a plan you can follow.</p>

<h2>From June to October: build, do not cram</h2>
<p>The first half of the academic year is for understanding. Aim to finish each chapter within two weeks of it being taught at school, including its exercises.</p>
<ul>
  <li>Keep one notebook per subject for <strong>formulae, definitions and mistakes</strong>. Every time you get something wrong, write the correct method there.</li>
  <li>Do the textbook exercises fully. For CBSE, NCERT questions are the foundation; for ICSE and ISC, add the board’s specimen papers.</li>
  <li>If a chapter does not make sense after two attempts, ask for help that week. Gaps compound.</li>
</ul>

<h2>From November to December: first full revision</h2>
<p>By now most schools are close to finishing the syllabus. Use these weeks for a first complete revision, subject by subject, and start solving previous years’ papers chapter-wise. The aim is to learn how questions are asked and how marks are awarded.</p>
<p>Pay attention to the marking scheme. Examiners give marks for steps, labelled diagrams, units and clear final answers. Many students lose ten or more marks across papers simply by skipping steps they know.</p>

<h2>January to the exam: papers under real conditions</h2>
<p>This is the season of full-length papers. Try to do at least five timed papers per major subject before the exam.</p>
<ol>
  <li>Sit at a table, set a timer for the real duration, and keep the phone in another room.</li>
  <li>Mark the paper honestly using the marking scheme, or ask a teacher or tutor to mark it.</li>
  <li>Spend as long analysing mistakes as you spent writing the paper.</li>
  <li>Re-do only the questions you got wrong, two days later.</li>
</ol>

<h2>A weekly rhythm that works</h2>
<p>A sustainable week beats a heroic day. A pattern many students find workable in the final three months:</p>
<ul>
  <li>Two subjects a day, in blocks of 45 to 50 minutes with 10-minute breaks.</li>
  <li>One full paper on Saturday, and its analysis on Sunday morning.</li>
  <li>Sunday evening off. Completely off.</li>
  <li>Sleep of seven to eight hours, every night. Memory consolidates during sleep; all-nighters undo the day’s work.</li>
</ul>

<h2>Subject-specific tips</h2>
<h3>Mathematics</h3>
<p>Practise is everything. Keep a list of question types you get wrong and do five of each type weekly. Write every step, and box the final answer.</p>
<h3>Science</h3>
<p>Diagrams and reactions are easy marks. Practise drawing the standard diagrams from memory and labelling them neatly. For numericals, always write the formula first, then the substitution, then the answer with units.</p>
<h3>Languages and social science</h3>
<p>Answer to the word limit, use the keywords from the textbook, and structure long answers with short paragraphs or points. Map work and letter formats are reliable marks that reward a little practice.</p>

<h2>For parents: what actually helps</h2>
<p>Children notice how their parents talk about exams. A calm home, regular meals, and questions like “what did you find hard today?” help far more than comparisons with cousins. If your child is anxious, help them break the day into small tasks and celebrate finishing them.</p>
<p>A tutor can help in the final months by setting and marking papers and by targeting weak chapters. On GuruMatch, you can post an enquiry that says exactly that, for example “Class 12 CBSE physics, paper practice and doubt clearing, twice a week until March”.</p>

<h2>On the day</h2>
<p>Read the whole paper in the reading time and start with the section you are most confident about. Keep an eye on the clock, leave space to return to skipped questions, and use the last ten minutes to check units, signs and question numbers. Then let it go, and get ready for the next one.</p>
`,
  },
  {
    slug: 'jee-and-neet-preparation-timeline',
    title: 'JEE and NEET: A Realistic Preparation Timeline from Class 11',
    excerpt:
      'Two years go by quickly when you are balancing school, boards and an entrance exam. A realistic timeline for JEE and NEET aspirants, and how to avoid the most common traps.',
    tags: ['jee', 'neet', 'entrance exams', 'class 11', 'class 12'],
    publishedOn: '2025-07-07',
    content: `
<p>Most students preparing for JEE or NEET start in Class 11, with roughly two years to cover a demanding syllabus while also doing well in their board exams. Two years sounds like plenty of time. In practice, school tests, holidays, illness and the board exams themselves take a large share of it. A realistic plan, started early and reviewed often, is the best protection against panic in Class 12.</p>

<h2>Know the exams you are preparing for</h2>
<p><strong>JEE Main</strong> tests physics, chemistry and mathematics and is usually held in two sessions early in the year; a strong performance there is the gateway to <strong>JEE Advanced</strong> for the IITs. <strong>NEET-UG</strong> tests physics, chemistry and biology and is usually held once a year around May. Dates, patterns and eligibility rules are announced by the National Testing Agency and the IITs each year, so check the official notifications rather than relying on last year’s news.</p>

<h2>Class 11: the foundation year</h2>
<p>Class 11 is where the entrance-exam race is won or lost, because so many later topics build on it. Mechanics in physics, physical and organic chemistry basics, calculus for JEE and human physiology for NEET all start here.</p>
<ul>
  <li><strong>April to September:</strong> learn each topic thoroughly as it is taught. Finish the NCERT text and exercises first, then move to entrance-level problems.</li>
  <li><strong>October to December:</strong> revise the first half of the year. Start timed chapter tests once a week.</li>
  <li><strong>January to March:</strong> complete the Class 11 syllabus and prepare for school exams. Do not let Class 11 topics go unrevised over the summer.</li>
</ul>

<h2>Class 12: three jobs at once</h2>
<p>In Class 12 you are learning new chapters, revising Class 11 and preparing for boards, all at the same time. The trick is to keep all three moving every week instead of doing them one after another.</p>
<ol>
  <li><strong>April to August:</strong> learn new Class 12 chapters as they are taught; spend one day a week revising Class 11.</li>
  <li><strong>September to November:</strong> finish the syllabus. Begin full-length mock tests every two weeks.</li>
  <li><strong>December to February:</strong> board exam focus, with practical files and pre-boards. Keep solving at least one entrance paper a week so the speed does not fade.</li>
  <li><strong>After the boards:</strong> full-time entrance preparation with mock tests every two or three days and careful analysis of each.</li>
</ol>

<h2>NCERT first, always</h2>
<p>Many aspirants jump straight to thick reference books and skip the NCERT textbooks. That is a mistake, especially for NEET, where a large share of biology questions follow NCERT’s wording closely, and for inorganic chemistry in both exams. Read the NCERT text line by line, then move to other material.</p>

<h2>Mock tests and error logs</h2>
<p>Mock tests are only useful if you study your mistakes. Keep an error log with three columns: the question, why you got it wrong (concept, calculation, misreading, or time), and what you will do differently. Review the log every Sunday. Over a few months, the same types of error stop repeating.</p>

<h2>Common traps to avoid</h2>
<ul>
  <li>Collecting too many books and finishing none of them.</li>
  <li>Ignoring the board exams. Boards matter for eligibility and for state admissions.</li>
  <li>Studying fourteen hours a day for a week and then burning out. Consistent seven to nine hours of focused study beats bursts.</li>
  <li>Comparing your mock scores with friends’ every day. Compare with your own last month.</li>
</ul>

<h2>Coaching, home tutors or both?</h2>
<p>Large coaching institutes offer structure, test series and competition. What they cannot always offer is personal attention to your specific weak chapters. Many students combine a coaching programme with a home or online tutor for one difficult subject, for example organic chemistry or rotational mechanics. In Bangalore, one-to-one tuition for JEE or NEET typically costs ₹7,000 to ₹10,000 a month.</p>
<p>On GuruMatch you can post an enquiry for exactly the help you need, such as “NEET biology, Class 12, weekend doubt-clearing sessions, online”, and compare responses from verified tutors before you decide.</p>

<h2>Look after yourself</h2>
<p>Sleep, exercise and time with friends are not distractions; they keep your brain working. Two years is a long road. Pace yourself, ask for help early, and remember that there are many good paths to a fulfilling career, with or without a particular rank.</p>
`,
  },
  {
    slug: 'online-vs-offline-tuition',
    title: 'Online vs Offline Tuition: How to Decide What Works for Your Child',
    excerpt:
      'Online classes save travel time and widen your choice of tutors; home tuition offers closer supervision. A practical comparison to help you choose, or combine the two.',
    tags: ['online tuition', 'home tuition', 'parents', 'students'],
    publishedOn: '2025-07-21',
    content: `
<p>A few years ago, online tuition was the fallback when a tutor could not come home. Today many families choose it on purpose, and many others have gone back to home tuition after trying both. Neither is better in every case. The right answer depends on your child’s age, the subject, your location and your routine.</p>

<h2>What online tuition does well</h2>
<ul>
  <li><strong>No travel.</strong> In a city like Bangalore, saving an hour of traffic twice a week is a real gift, for the tutor and for your family.</li>
  <li><strong>A wider choice of tutors.</strong> You are no longer limited to those who live nearby. A specialist in ISC chemistry or JEE mathematics can teach your child from across the city, or across the country.</li>
  <li><strong>Recordings and shared notes.</strong> Many tutors share the board notes after class, and some record sessions so students can revisit a tricky explanation.</li>
  <li><strong>Flexible timing.</strong> Short sessions before school or late in the evening are easier to fit in when nobody has to travel.</li>
</ul>

<h2>What home tuition does well</h2>
<ul>
  <li><strong>Attention and accountability.</strong> A tutor sitting beside a child notices a wandering mind or a copied answer far sooner than one on a screen.</li>
  <li><strong>Hands-on work.</strong> Handwriting practice, geometry constructions, lab-style demonstrations and checking notebooks are simply easier in person.</li>
  <li><strong>Fewer distractions.</strong> Younger children in particular find it hard to ignore other tabs, games and notifications.</li>
  <li><strong>A relationship with the family.</strong> Parents can speak to the tutor for a few minutes after class and stay in the loop.</li>
</ul>

<h2>A simple rule of thumb by age</h2>
<ol>
  <li><strong>Nursery to Class 5:</strong> home tuition usually works best. Young children need supervision, movement and a lot of encouragement.</li>
  <li><strong>Classes 6 to 8:</strong> either can work. Try online for one subject and see how your child manages attention and homework.</li>
  <li><strong>Classes 9 to 12:</strong> online tuition works very well for motivated students, especially for specialist subjects and entrance-exam preparation.</li>
  <li><strong>College and professional courses:</strong> online is often the practical choice, given timetables and the scarcity of specialist tutors.</li>
</ol>

<h2>Making online classes work</h2>
<p>Most complaints about online tuition are about the setup, not the teaching. A few basics make a big difference:</p>
<ul>
  <li>A laptop or tablet rather than a phone, and a stable connection. A wired connection or sitting close to the router helps.</li>
  <li>A quiet corner with a table, and headphones with a microphone.</li>
  <li>A writing tablet or a second camera pointed at the notebook, so the tutor can see your child’s working in maths and science.</li>
  <li>Camera on, notifications off, and a parent nearby for younger children.</li>
</ul>

<h2>The hybrid option</h2>
<p>Many families now combine both: a home tutor once a week for the hands-on work, checking notebooks and building the relationship, plus one or two shorter online sessions for practice and doubts. This also helps during exams, holidays and the monsoon, when travel is unpredictable.</p>

<h2>What about fees?</h2>
<p>Online tuition is not always cheaper, because you may be choosing a more experienced or specialised tutor. It does remove travel costs for the tutor, and many offer shorter sessions at a lower price. Home tuition fees in Bangalore generally depend on class and subject; for Classes 9 and 10 expect around ₹4,500 to ₹6,000 a month.</p>

<h2>Choosing on GuruMatch</h2>
<p>When you post an enquiry, you can choose the study mode: online, offline or both. Choosing “both” lets more tutors respond, and you can decide after a conversation. Tutors list their own teaching mode on their profiles, so you will know from the start who is willing to travel to you.</p>
<p>Whatever you choose, review it after a month. If your child is engaged, doing the homework and asking questions, the format is working. If not, switching is easy, and no format is worth a child who dreads the class.</p>
`,
  },
  {
    slug: 'how-tutors-can-win-more-students',
    title: 'How Tutors Can Win More Students on GuruMatch',
    excerpt:
      'Great tutors do not always get the most students. A complete profile, quick and specific replies, and a strong first class make the difference. Practical advice for tutors and coaching institutes.',
    tags: ['tutors', 'teaching', 'profile tips', 'coins'],
    publishedOn: '2025-08-04',
    content: `
<p>Every week, some excellent tutors on GuruMatch hear back from only a few students while others with similar experience fill their timetable. The difference is rarely teaching ability. It is almost always how the tutor presents themselves and how they respond. Here is what consistently works.</p>

<h2>1. Complete your profile and get verified</h2>
<p>Students and parents look for reassurance first. A complete profile takes only about five minutes and includes your photo, a short bio, the classes, boards and subjects you teach, the languages you speak, and your teaching mode. Upload your ID proof and your qualification proof as well. Our team reviews documents within 24 hours, and verified profiles show the <strong>Verified Tutor</strong> badge.</p>
<p>A good bio is specific. Compare these two:</p>
<ul>
  <li>“Experienced maths teacher. Students get good marks.”</li>
  <li>“Eight years teaching CBSE and ICSE maths for Classes 8 to 10. I start every student with a short diagnostic, then set weekly practice sheets and share progress with parents every month. I teach in Jayanagar, JP Nagar and online.”</li>
</ul>
<p>The second tells a parent what to expect. You have up to 900 characters, so use them.</p>

<h2>2. Choose enquiries you can truly help with</h2>
<p>Contacting a student costs coins, so be selective. Use the filters for classes, subjects, study mode and distance from your address, and read each enquiry carefully: the board, the budget, when the student wants to start and whether a female tutor is preferred. Star enquiries you want to think about and come back to them.</p>
<p>Responding to fewer, better-matched enquiries usually brings more students than responding to everything.</p>

<h2>3. Reply quickly, and make your message specific</h2>
<p>Families often decide within a day or two of posting. When you respond, your price quote and message are what they see first. A strong message:</p>
<ol>
  <li>Greets the student or parent by name and refers to their actual request.</li>
  <li>Says in one or two sentences how you would approach it.</li>
  <li>Mentions relevant experience, such as the same board or exam.</li>
  <li>Proposes a next step, for example a first class at a time that suits them.</li>
</ol>
<p>Quote a fair, clear price and say whether it is hourly, monthly or yearly. Surprises about fees are the fastest way to lose a family’s trust.</p>

<h2>4. Make the first class count</h2>
<p>The first class is your real interview. Arrive on time, or log in a few minutes early for online classes. Spend the first part finding out what the student knows, then teach one small thing well so they leave having learnt something. Finish with a simple plan for the next four weeks and share it with the parent.</p>

<h2>5. Be professional between classes</h2>
<ul>
  <li>Give at least 24 hours’ notice if you need to reschedule, and expect the same.</li>
  <li>Keep conversations on the platform’s chat until the family is comfortable sharing more.</li>
  <li>Keep student information confidential. Never share a student’s phone number or address with anyone.</li>
  <li>Send short progress updates. Parents who feel informed stay longer and recommend you.</li>
</ul>

<h2>6. Plan your coins</h2>
<p>Coins are bought with 3-month, 6-month or 1-year plans and are valid for 90, 180 or 365 days. Coins expire with the plan, so choose one that matches how actively you will respond. If you plan to take on several new students at the start of the academic year, a longer plan often works out better. Only buy plans through the official plans page in your account.</p>

<h2>7. Ask for reviews</h2>
<p>After a few weeks of good classes, ask your students whether they would be willing to leave a review from the chat. Ratings and reviews appear on your profile and are one of the strongest signals new families look at.</p>

<h2>The long game</h2>
<p>Tutors who do well over years tend to have the same habits: they are reliable, they communicate clearly, and their students improve. The platform can bring you enquiries; your teaching and professionalism turn them into long-term students and referrals.</p>
`,
  },
];

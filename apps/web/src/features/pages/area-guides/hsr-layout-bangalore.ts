import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'HSR Layout, planned in seven sectors off Hosur Road and Sarjapur Road, is a favourite with young families and startup professionals. Wide roads, parks and Agara Lake make it pleasant to live in, and National Public School, HSR Layout and The Oxford College of Engineering nearby keep demand for tutors high from primary classes to engineering.',
  landmarks: [
    'National Public School, HSR Layout',
    'The Oxford College of Engineering',
    'Agara Lake',
    'HSR BDA Complex',
  ],
  popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Science', 'English', 'Coding'],
  popularBoards: ['CBSE', 'ICSE', 'IGCSE', 'JEE Main'],
  nearbyAreas: ['koramangala-bangalore', 'btm-layout-bangalore', 'bellandur-bangalore'],
  nearbyLocalities: ['Agara', 'Bommanahalli', 'Parangipalya', 'Somasundarapalya'],
  travel:
    'HSR’s sectors are close to each other, so most tutors are local. Central Silk Board and Bommanahalli stations on the Yellow Line metro help tutors coming from further away, and online classes cover busy weekdays.',
  faqs: [
    {
      question: 'Can I find a JEE Main tutor in HSR Layout?',
      answer:
        'Yes. HSR Layout has tutors with engineering backgrounds who teach Physics, Chemistry and Mathematics for JEE Main alongside the CBSE Class 11 and 12 syllabus.',
    },
    {
      question: 'Do tutors cover all seven sectors of HSR Layout?',
      answer:
        'Yes, and most also cover Agara, Parangipalya and Somasundarapalya. Mention your sector in the enquiry so the closest tutors see it.',
    },
    {
      question: 'Are coding classes for school students available in HSR Layout?',
      answer:
        'Yes. Many tutors in HSR work in technology and teach Scratch, Python and web basics to children, as well as school Computer Science.',
    },
  ],
};

import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Koramangala is Bengaluru’s best-known startup neighbourhood, laid out in blocks from 1st to 8th, with the National Games Village, a busy mall and a lively food scene. It is also an education hub: St. John’s Medical College, Jyoti Nivas College and Christ University are on or near its edges, and schools such as Bethany High and National Public School, Koramangala are close by.',
  landmarks: [
    'St. John’s Medical College',
    'Jyoti Nivas College',
    'Christ University',
    'Bethany High School',
    'National Public School, Koramangala',
  ],
  popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Economics'],
  popularBoards: ['CBSE', 'ICSE', 'IGCSE', 'IB', 'NEET'],
  nearbyAreas: [
    'hsr-layout-bangalore',
    'btm-layout-bangalore',
    'indiranagar-bangalore',
    'bellandur-bangalore',
  ],
  nearbyLocalities: ['Ejipura', 'Madiwala', 'Adugodi', 'Domlur'],
  travel:
    'Tutors from BTM Layout, HSR Layout and Ejipura reach most Koramangala blocks quickly. Sony World junction and Silk Board can slow evening travel, so plan a little buffer or choose online sessions on busy days.',
  faqs: [
    {
      question: 'Are NEET Biology and Chemistry tutors available in Koramangala?',
      answer:
        'Yes. With medical colleges nearby, Koramangala has tutors who prepare students for NEET alongside the Class 11 and 12 syllabus, with regular mock tests.',
    },
    {
      question: 'Can I find tutors for IB and IGCSE in Koramangala?',
      answer:
        'Yes. Koramangala families often choose international curricula, and experienced IB and IGCSE tutors teach here at home and online.',
    },
    {
      question: 'Which Koramangala blocks do tutors cover?',
      answer:
        'Tutors cover all blocks from 1st to 8th, the National Games Village and nearby Ejipura and Adugodi.',
    },
  ],
};

import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Electronic City, on Hosur Road in South Bengaluru, is one of India’s best-known IT parks, with large campuses such as Infosys and Wipro and PES University’s Electronic City campus. Families in Phase 1, Phase 2 and the apartment clusters along Neeladri Road and Hosa Road look for tutors who can come after school and support CBSE and ICSE syllabi.',
  landmarks: [
    'PES University, Electronic City campus',
    'Infosys and Wipro campuses',
    'Neeladri Road',
    'Hosur Road elevated expressway',
  ],
  popularSubjects: ['Mathematics', 'Science', 'Computer Science', 'English', 'Hindi', 'Coding'],
  popularBoards: ['CBSE', 'ICSE', 'JEE Main', 'Karnataka State Board'],
  nearbyAreas: ['hsr-layout-bangalore', 'btm-layout-bangalore'],
  nearbyLocalities: ['Hosa Road', 'Bommasandra', 'Hebbagodi', 'Begur', 'Huskur'],
  travel:
    'The Yellow Line metro and the elevated Hosur Road expressway link Electronic City to the rest of Bengaluru, but it is still a long way from the centre. Most families choose tutors who live in Electronic City or nearby, or opt for online classes.',
  faqs: [
    {
      question: 'Are tutors available in Electronic City Phase 1 and Phase 2?',
      answer:
        'Yes. Tutors live in both phases and in the communities along Neeladri Road, Hosa Road and Bommasandra, so home classes are easy to arrange.',
    },
    {
      question: 'Can I find a tutor for JEE Main preparation in Electronic City?',
      answer:
        'Yes. Many tutors with engineering backgrounds live near the IT campuses and teach Physics, Chemistry and Mathematics for JEE Main.',
    },
    {
      question: 'Is online tuition common in Electronic City?',
      answer:
        'Yes. Because of the distance from central Bengaluru, many families combine a local home tutor with online sessions from specialists elsewhere in the city.',
    },
  ],
};

import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Rajajinagar in West Bengaluru is a large, well-connected area of numbered blocks bordered by Malleswaram, Basaveshwaranagar and Yeshwanthpur. The ISKCON temple on Hare Krishna Hill and Orion Mall at Brigade Gateway are its best-known landmarks, and National Public School, Rajajinagar leads a long-standing network of CBSE schools, state-board schools and PU colleges.',
  landmarks: [
    'National Public School, Rajajinagar',
    'ISKCON Temple, Hare Krishna Hill',
    'Orion Mall at Brigade Gateway',
    'Dr Rajkumar Road',
  ],
  popularSubjects: [
    'Mathematics',
    'Physics',
    'Chemistry',
    'Biology',
    'Accountancy',
    'Business Studies',
  ],
  popularBoards: ['CBSE', 'Karnataka State Board', 'Karnataka PUC', 'KCET'],
  nearbyAreas: [],
  nearbyLocalities: [
    'Malleswaram',
    'Basaveshwaranagar',
    'Vijayanagar',
    'Mahalakshmi Layout',
    'Yeshwanthpur',
  ],
  travel:
    'Rajajinagar, Kuvempu Road and Mahalakshmi stations on the Green Line, plus good bus links along Dr Rajkumar Road and West of Chord Road, make it easy for tutors from Malleswaram and Basaveshwaranagar to come home. Most sessions happen after 5 pm on weekdays and in the mornings at weekends.',
  faqs: [
    {
      question: 'Can I get a tutor for PUC Science and KCET in Rajajinagar?',
      answer:
        'Yes. Rajajinagar has many experienced PUC lecturers who tutor at home, covering Physics, Chemistry, Mathematics and Biology along with KCET practice papers.',
    },
    {
      question: 'Do Rajajinagar tutors also cover Malleswaram and Basaveshwaranagar?',
      answer:
        'Usually, yes. These neighbourhoods are next to each other, and most tutors based in one of them are happy to travel to the others.',
    },
    {
      question: 'Is home tuition available for commerce students in Rajajinagar?',
      answer:
        'Yes. Accountancy, Business Studies, Economics and Statistics tutors are in steady demand here for both PUC Commerce and CBSE Classes 11 and 12.',
    },
  ],
};

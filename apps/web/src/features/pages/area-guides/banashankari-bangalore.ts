import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Banashankari, named after the Banashankari Amma temple on Kanakapura Road, is one of South Bengaluru’s largest residential areas, spread across several stages. PES University on the Outer Ring Road and BNM Institute of Technology in Banashankari 2nd Stage make it a hub for engineering students as well as school families.',
  landmarks: [
    'PES University, Ring Road campus',
    'BNM Institute of Technology',
    'Banashankari Amma Temple',
    'Banashankari bus terminal',
  ],
  popularSubjects: [
    'Mathematics',
    'Physics',
    'Chemistry',
    'Computer Science',
    'Engineering Mathematics',
    'Data Structures',
  ],
  popularBoards: ['CBSE', 'Karnataka State Board', 'Karnataka PUC', 'Engineering (VTU)'],
  nearbyAreas: ['jayanagar-bangalore', 'jp-nagar-bangalore', 'basavanagudi-bangalore'],
  nearbyLocalities: ['Kumaraswamy Layout', 'Padmanabhanagar', 'Girinagar', 'Uttarahalli'],
  travel:
    'Banashankari metro station on the Green Line and the big bus terminal make it one of the easiest areas for tutors to reach. Because the stages are spread out, ask for a tutor in your own stage if you want shorter travel and more flexible timings.',
  faqs: [
    {
      question: 'Can engineering students in Banashankari find tutors for college subjects?',
      answer:
        'Yes. Students from PES University, BNMIT and nearby colleges find tutors for Engineering Mathematics, programming, Data Structures and core branch subjects.',
    },
    {
      question: 'Which stages of Banashankari do tutors cover?',
      answer:
        'Tutors cover Banashankari 1st, 2nd, 3rd and 6th Stage as well as Kumaraswamy Layout, Padmanabhanagar and Girinagar.',
    },
    {
      question: 'Are there tutors for Class 10 board exam preparation in Banashankari?',
      answer:
        'Yes. Class 10 revision for CBSE and the Karnataka SSLC exam is one of the most common requests here, usually with weekly tests and past papers.',
    },
  ],
};

import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Yelahanka, in the city’s north on the way to Kempegowda International Airport, combines an old town, the Yelahanka New Town layouts and the Air Force Station that hosts Aero India. It has a strong higher-education presence, including Nitte Meenakshi Institute of Technology, REVA University and Presidency University, along with many CBSE and ICSE schools.',
  landmarks: [
    'Nitte Meenakshi Institute of Technology',
    'REVA University',
    'Presidency University',
    'Yelahanka Air Force Station',
  ],
  popularSubjects: [
    'Mathematics',
    'Physics',
    'Chemistry',
    'Biology',
    'Engineering Mathematics',
    'Electronics',
  ],
  popularBoards: ['CBSE', 'ICSE', 'Karnataka PUC', 'JEE Main', 'NEET', 'Engineering (VTU)'],
  nearbyAreas: ['hebbal-bangalore'],
  nearbyLocalities: ['Jakkur', 'Kogilu', 'Attur Layout', 'Doddaballapur Road'],
  travel:
    'Yelahanka is spread out, and the distances between Old Town, New Town and the layouts off Doddaballapur Road matter. Most families choose tutors from within Yelahanka, and online classes are popular for entrance-exam preparation.',
  faqs: [
    {
      question:
        'Can students from REVA, NMIT or Presidency University find subject tutors in Yelahanka?',
      answer:
        'Yes. Tutors in Yelahanka teach engineering and science subjects such as Mathematics, Electronics and programming to college students, around their semester schedules.',
    },
    {
      question: 'Are there NEET and JEE tutors in Yelahanka?',
      answer:
        'Yes. Yelahanka has tutors for NEET Biology, Physics and Chemistry and for JEE Mathematics and Physics, at home or online.',
    },
    {
      question: 'Do tutors travel to Yelahanka New Town and the layouts near the airport road?',
      answer:
        'Yes. Tutors cover Yelahanka Old Town, New Town, Jakkur, Kogilu and Attur Layout; mention your layout so nearby tutors respond first.',
    },
  ],
};

import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Hebbal, known for its flyover and Hebbal Lake, is the gateway between central Bengaluru and the airport road. Manyata Tech Park in nearby Nagawara brings many working parents to the area, and the University of Agricultural Sciences’ Hebbal campus and the schools around Sahakar Nagar make it a steady market for home tuition.',
  landmarks: [
    'University of Agricultural Sciences, Hebbal campus',
    'Hebbal Lake',
    'Manyata Tech Park',
    'Hebbal flyover',
  ],
  popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Hindi'],
  popularBoards: ['CBSE', 'ICSE', 'Karnataka PUC', 'KCET', 'NEET'],
  nearbyAreas: ['rt-nagar-bangalore', 'yelahanka-bangalore', 'kalyan-nagar-bangalore'],
  nearbyLocalities: ['Sahakar Nagar', 'Kempapura', 'Nagawara', 'Ganganagar'],
  travel:
    'The Hebbal flyover and the Outer Ring Road junction get very busy at peak hours, so families often choose tutors from Sahakar Nagar, RT Nagar or Kempapura. Online classes are popular with parents working at Manyata Tech Park.',
  faqs: [
    {
      question: 'Can I find KCET or NEET tutors in Hebbal?',
      answer:
        'Yes. Hebbal tutors prepare PUC and CBSE students for KCET, including its agriculture and veterinary streams, and for NEET.',
    },
    {
      question: 'Do Hebbal tutors come to Sahakar Nagar and Kempapura?',
      answer:
        'Yes. These neighbourhoods are next to Hebbal and most tutors here cover them, along with Nagawara and Ganganagar.',
    },
    {
      question: 'Are evening tutors available for working parents near Manyata Tech Park?',
      answer:
        'Yes. Many tutors offer sessions from 6 pm onwards and at weekends, at home or online, to fit around office hours.',
    },
  ],
};

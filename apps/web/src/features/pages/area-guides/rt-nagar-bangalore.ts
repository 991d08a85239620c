import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'RT Nagar (Rabindranath Tagore Nagar) is a compact, busy residential area in North Bengaluru between Hebbal, Ganganagar and Sultanpalya, a short drive from Mekhri Circle and Palace Grounds. Its mix of long-time residents and young families keeps steady demand for school tuition, especially in Mathematics, Science, English and languages.',
  landmarks: ['Mekhri Circle', 'Palace Grounds', 'HMT Layout', 'CBI Road'],
  popularSubjects: ['Mathematics', 'Science', 'English', 'Urdu', 'Hindi', 'Computer Science'],
  popularBoards: ['CBSE', 'ICSE', 'Karnataka State Board'],
  nearbyAreas: ['hebbal-bangalore'],
  nearbyLocalities: ['Ganganagar', 'Sultanpalya', 'HMT Layout', 'Sanjay Nagar'],
  travel:
    'RT Nagar has no metro station yet, but it is well served by buses, and tutors from Hebbal, Ganganagar and Sanjay Nagar are only a few minutes away. When traffic on Bellary Road peaks, many families switch to online classes for a session or two.',
  faqs: [
    {
      question: 'Can I find an Urdu or Hindi tutor in RT Nagar?',
      answer:
        'Yes. RT Nagar has tutors for Urdu and Hindi as school languages and for conversation, and many of them also teach English.',
    },
    {
      question: 'Do tutors in RT Nagar teach ICSE students?',
      answer:
        'Yes. Several tutors here teach the ICSE syllabus for Classes 6 to 10, especially Mathematics, Physics and English Literature.',
    },
    {
      question: 'Are weekend classes available in RT Nagar?',
      answer:
        'Yes. Many tutors keep Saturday and Sunday mornings for students who are busy during the week; say which days suit you when you post your enquiry.',
    },
  ],
};

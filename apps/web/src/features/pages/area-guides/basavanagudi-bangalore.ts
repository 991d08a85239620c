import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Basavanagudi, named after the Dodda Basavanna (Bull) Temple, is a heritage neighbourhood of Gandhi Bazaar, DVG Road and Bugle Rock Park. It has a long academic tradition: BMS College of Engineering on Bull Temple Road and National College, Basavanagudi draw students from across South Bengaluru, and many families have studied at the same schools for generations.',
  landmarks: [
    'BMS College of Engineering',
    'National College, Basavanagudi',
    'Bull Temple and Bugle Rock Park',
    'Gandhi Bazaar',
  ],
  popularSubjects: [
    'Mathematics',
    'Physics',
    'Engineering Mathematics',
    'Kannada',
    'Sanskrit',
    'English Grammar',
  ],
  popularBoards: ['Karnataka State Board', 'Karnataka PUC', 'CBSE', 'Engineering (VTU)'],
  nearbyAreas: ['jayanagar-bangalore', 'banashankari-bangalore'],
  nearbyLocalities: ['Chamarajpet', 'Hanumanthanagar', 'NR Colony', 'VV Puram'],
  travel:
    'National College metro station on the Green Line is right in the middle of Basavanagudi. The lanes around Gandhi Bazaar are busy, so most tutors come from Hanumanthanagar, NR Colony or Jayanagar, a short ride away. College students often prefer weekend or online sessions around their timetables.',
  faqs: [
    {
      question: 'Can engineering students near BMS College find tutors for their subjects?',
      answer:
        'Yes. Tutors in and around Basavanagudi teach Engineering Mathematics, Physics, Electronics and core branch subjects, and can plan sessions around internal assessments and semester exams.',
    },
    {
      question: 'Do tutors in Basavanagudi teach in Kannada?',
      answer:
        'Many do. You can ask for Kannada-medium teaching or bilingual explanations in your enquiry, which helps state-board students moving to English-medium PUC.',
    },
    {
      question: 'Is there demand for Sanskrit and classical-language tutors in Basavanagudi?',
      answer:
        'Yes. Basavanagudi’s cultural heritage keeps Sanskrit popular, both as a school language and for adult learners, and experienced Sanskrit tutors live in the area.',
    },
  ],
};

import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Indiranagar, built around 100 Feet Road and CMH Road, is one of East Bengaluru’s most sought-after neighbourhoods, with older bungalows, apartments and busy cafés side by side. National Public School, Indiranagar is here, and many families choose ICSE, IGCSE and IB schools, so tutors are often asked for exam-focused coursework help and university-application preparation.',
  landmarks: ['National Public School, Indiranagar', '100 Feet Road', 'CMH Road', 'HAL 2nd Stage'],
  popularSubjects: ['Mathematics', 'Physics', 'English Literature', 'French', 'Economics', 'IELTS'],
  popularBoards: ['ICSE', 'ISC', 'IGCSE', 'IB', 'CBSE'],
  nearbyAreas: ['koramangala-bangalore'],
  nearbyLocalities: ['Domlur', 'HAL', 'CV Raman Nagar', 'Jeevan Bima Nagar', 'Ulsoor'],
  travel:
    'Indiranagar and Swami Vivekananda Road stations on the Purple Line make it easy for tutors to arrive on time. Traffic on Old Airport Road and 100 Feet Road is heavy in the evening, so many families book tutors from Domlur, HAL or Jeevan Bima Nagar, or mix home and online sessions.',
  faqs: [
    {
      question: 'Are there IB and IGCSE tutors in Indiranagar?',
      answer:
        'Yes. Indiranagar has tutors experienced with IB Diploma (including Internal Assessments and Extended Essays) and IGCSE coursework, especially in Mathematics, Sciences and English.',
    },
    {
      question: 'Can I find a French or German tutor in Indiranagar?',
      answer:
        'Yes. Foreign-language tutors are popular here, both for school second languages and for adults preparing for study or work abroad.',
    },
    {
      question: 'Do tutors help with SAT and IELTS preparation in Indiranagar?',
      answer:
        'Yes. Many students in Indiranagar prepare for universities abroad, and tutors offer SAT, IELTS and TOEFL preparation at home or online.',
    },
  ],
};

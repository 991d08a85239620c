import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'Bellandur, beside Bellandur Lake and the Outer Ring Road, is home to large tech parks such as RMZ Ecospace and to many high-rise communities along Sarjapur Road. Working parents here often look for reliable after-school tutors who fit evening and weekend slots, and the international schools along Sarjapur Road keep IB and IGCSE tutoring in demand.',
  landmarks: ['RMZ Ecospace', 'Bellandur Lake', 'Kaikondrahalli Lake', 'Sarjapur Road'],
  popularSubjects: ['Mathematics', 'Science', 'English', 'Hindi', 'Kannada', 'Coding'],
  popularBoards: ['CBSE', 'ICSE', 'IGCSE', 'IB'],
  nearbyAreas: ['hsr-layout-bangalore', 'marathahalli-bangalore', 'koramangala-bangalore'],
  nearbyLocalities: ['Kasavanahalli', 'Haralur', 'Kadubeesanahalli', 'Green Glen Layout'],
  travel:
    'Bellandur has no metro station yet and the Outer Ring Road junction gets congested, so most tutors come from HSR Layout, Haralur and Kasavanahalli. Online classes work well for Classes 9 to 12, with occasional home visits before exams.',
  faqs: [
    {
      question: 'Can I get an after-school tutor for evening slots in Bellandur?',
      answer:
        'Yes. Many Bellandur tutors keep 5 pm to 8 pm free for school students, and some also offer early-morning sessions before school.',
    },
    {
      question: 'Are there tutors for primary classes in Bellandur apartments?',
      answer:
        'Yes. Tutors for Classes 1 to 5 teach inside many Bellandur communities, covering all subjects, homework help and reading skills.',
    },
    {
      question: 'Do Bellandur tutors teach the IGCSE and IB curricula?',
      answer:
        'Yes. With international schools nearby on Sarjapur Road, you can find tutors familiar with IGCSE and IB Mathematics, Sciences and English.',
    },
  ],
};

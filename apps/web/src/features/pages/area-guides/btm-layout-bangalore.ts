import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'BTM Layout (Byrasandra, Tavarekere, Madiwala) is a busy, central area between Koramangala, Jayanagar and HSR Layout, close to Madiwala Lake and Silk Board junction. With many paying-guest homes and coaching centres it is one of the city’s biggest student hubs, so tutors for competitive exams and college subjects are as easy to find as school tutors.',
  landmarks: [
    'Madiwala Lake',
    'Udupi Garden junction',
    'Central Silk Board junction',
    'Tavarekere Main Road',
  ],
  popularSubjects: [
    'Mathematics',
    'Physics',
    'Quantitative Aptitude',
    'Reasoning',
    'English',
    'Computer Science',
  ],
  popularBoards: ['CBSE', 'Karnataka State Board', 'CAT', 'GATE', 'Bank Exams', 'SSC'],
  nearbyAreas: [
    'koramangala-bangalore',
    'jayanagar-bangalore',
    'jp-nagar-bangalore',
    'hsr-layout-bangalore',
  ],
  nearbyLocalities: ['Madiwala', 'Tavarekere', 'Bilekahalli', 'NS Palya'],
  travel:
    'BTM Layout and Central Silk Board stations on the Yellow Line metro have made the area much easier to reach. Inside BTM, most tutors walk or take a short ride; weekend batches and online sessions suit working professionals.',
  faqs: [
    {
      question: 'Can I find tutors for CAT, GATE or bank exams in BTM Layout?',
      answer:
        'Yes. BTM Layout has many tutors for Quantitative Aptitude, Reasoning and English for CAT and bank exams, and subject experts for GATE.',
    },
    {
      question: 'Are there tutors for working professionals in BTM Layout?',
      answer:
        'Yes. Many tutors offer late-evening and weekend sessions for professionals preparing for exams, certifications or spoken English.',
    },
    {
      question: 'Do BTM Layout tutors also teach school students?',
      answer:
        'Yes. Alongside exam coaching, BTM has plenty of home tutors for Classes 1 to 12 across CBSE, ICSE and the state board.',
    },
  ],
};

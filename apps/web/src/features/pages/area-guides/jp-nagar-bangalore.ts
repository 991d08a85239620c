import type { AreaGuide } from '../area-guides.ts';

export const guide: AreaGuide = {
  intro:
    'JP Nagar (Jayaprakash Narayan Nagar) stretches across nine phases south of Jayanagar, between Bannerghatta Road and Kanakapura Road. It is a settled family neighbourhood with the JP Nagar Mini Forest, Puttenahalli Lake and plenty of schools, and the Dayananda Sagar colleges are close by, so tutors here cover everything from primary classes to PUC and entrance exams.',
  landmarks: [
    'JP Nagar Mini Forest',
    'Puttenahalli Lake',
    'Bannerghatta Road',
    'Dayananda Sagar institutions, Kumaraswamy Layout',
  ],
  popularSubjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'Kannada', 'Hindi'],
  popularBoards: ['CBSE', 'ICSE', 'Karnataka State Board', 'Karnataka PUC', 'KCET'],
  nearbyAreas: ['jayanagar-bangalore', 'banashankari-bangalore', 'btm-layout-bangalore'],
  nearbyLocalities: ['Puttenahalli', 'Sarakki', 'Arekere', 'Bilekahalli'],
  travel:
    'JP Nagar station on the Green Line serves the northern phases, and Bannerghatta Road buses serve the rest. Tutors usually travel within a couple of phases; crossing from 1st to 9th Phase at peak hours can take time, so choose someone close by for daily classes.',
  faqs: [
    {
      question: 'Do tutors cover all phases of JP Nagar?',
      answer:
        'Yes. Tutors live and teach across 1st to 9th Phase. For daily classes, mention your phase so you are matched with someone nearby.',
    },
    {
      question: 'Can I find a tutor for KCET and PUC Science in JP Nagar?',
      answer:
        'Yes. PUC Physics, Chemistry, Mathematics and Biology with KCET practice are among the most common requests in JP Nagar.',
    },
    {
      question: 'Are Kannada and Hindi language tutors available in JP Nagar?',
      answer:
        'Yes. Language tutors here teach Kannada and Hindi as second or third languages for CBSE and ICSE, and spoken Kannada for newcomers.',
    },
  ],
};
